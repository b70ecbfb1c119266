//! What each seat may do now, as typed prompts a client renders and a bot
//! samples. Every option offered works (the testkit's
//! `offered_options_work`): breeding is asked per Gene Pool stack, then
//! the two cards, and a card or stack that cannot breed is shown disabled
//! with the gene it lacks; an Incubate that the rules forbid is shown
//! disabled with the reason, and an ability's question lists exactly the
//! answers the rules accept.

use crate::content::{CardId, Freeze};
use crate::state::{Mutants, Phase, Slot, Task};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

/// An option naming a card, with its genes and Freeze value beside the
/// name, so a pick is made from the card's facts (the draft, the builder).
fn card_opt(value: impl Into<serde_json::Value>, label: impl Into<String>, c: CardId) -> Opt {
    let card = c.card();
    let genes: Vec<&str> = card.genes.iter().map(|g| g.name()).collect();
    let freeze = match card.freeze {
        Freeze::Fixed(n) => json!(n),
        Freeze::PerGene { per_gene } => json!(format!("1 per {} gene frozen", per_gene.name())),
    };
    Opt::new(value, label).fact("Genes", genes.join(" + ")).fact("Freeze", freeze)
}

/// The prompt of `seat`, if it may act.
pub fn prompt(g: &Mutants, seat: Seat) -> Option<Prompt> {
    if seat >= g.seats {
        return None;
    }
    match &g.phase {
        Phase::Over => None,
        Phase::Draft => {
            let d = g.draft.as_ref()?;
            let options = d.packs[seat as usize].iter().map(|c| card_opt(c.key(), c.name(), *c)).collect();
            let title = if d.commits[seat as usize].is_some() {
                format!("Draft, pick {} of 6: you have picked; you may change your pick", d.pick)
            } else {
                format!("Draft, pick {} of 6: pick a Mutant from the pack you hold", d.pick)
            };
            Some(Prompt::single(title, Ask::new("draft_pick", "Pick").param("card", "Mutant", Input::One { options })))
        }
        Phase::Construct { .. } => {
            let options = g
                .constructible(g.restricted)
                .into_iter()
                .flat_map(|c| {
                    [
                        card_opt(c.key(), c.name(), c),
                        card_opt(format!("{}:2", c.key()), format!("{}, second copy", c.name()), c),
                    ]
                })
                .collect();
            Some(Prompt::single(
                "Constructed: choose the 12 Advanced Mutants of your Gene Pool, at most 2 of each",
                Ask::new("construct", "Build the Gene Pool").param(
                    "cards",
                    "Advanced Mutants",
                    Input::Many { options, min: 12, max: 12 },
                ),
            ))
        }
        Phase::Mulligan { seat: who, .. } if *who == seat => {
            let b = &g.boards[seat as usize];
            let options: Vec<Opt> = (0..3)
                .filter(|i| b.pool[*i].len() > 1)
                .map(|i| Opt::new(i as u64 + 1, format!("Stack {}: {}", i + 1, b.pool[i][0].name())))
                .collect();
            // Keeping every stack is one tap; a mulligan names the stacks.
            let mut asks = vec![Ask::new("mulligan", "Keep").with("stacks", json!([]))];
            if !options.is_empty() {
                asks.push(Ask::new("mulligan", "Mulligan the ticked stacks").param(
                    "stacks",
                    "Stacks to mulligan",
                    Input::Many { options, min: 1, max: 3 },
                ));
            }
            Some(Prompt {
                title: "Mulligan: keep your Gene Pool, or send the top card of any stacks to the bottom, once each"
                    .into(),
                asks,
            })
        }
        Phase::Mulligan { .. } => None,
        Phase::Play => play_prompt(g, seat),
    }
}

fn play_prompt(g: &Mutants, seat: Seat) -> Option<Prompt> {
    let t = g.asking(seat)?;
    let b = &g.boards[seat as usize];
    match t {
        Task::MovePhase { .. } => {
            let options = [Slot::Left, Slot::Right]
                .into_iter()
                .map(|x| {
                    let label = match b.arena[x.i()] {
                        Some(p) => format!("{}: {} leaves the Arena", x.name(), p.card.name()),
                        None => x.name().to_string(),
                    };
                    Opt::new(x.key(), label)
                })
                .collect();
            Some(Prompt::single(
                "Move your Active Mutant",
                Ask::new("move", "Move").param("side", "To the slot", Input::One { options }),
            ))
        }
        Task::AwaitAction { .. } => {
            let mut hand = b.hand.clone();
            hand.dedup();
            let cards = || hand.iter().map(|c| Opt::new(c.key(), c.name())).collect::<Vec<_>>();
            let mut asks =
                vec![Ask::new("deploy", "Deploy a Mutant").param("card", "Mutant", Input::One { options: cards() })];
            asks.extend(breed_asks(g, seat));
            let stacks: Vec<Opt> = (0..3)
                .filter(|i| !b.pool[*i].is_empty())
                .map(|i| Opt::new(i as u64 + 1, format!("{}, stack {}", b.pool[i][0].name(), i + 1)))
                .collect();
            let why = g.cannot_incubate(seat);
            let mut inc = Ask::new("incubate", "Incubate").param("card", "Discard", Input::One { options: cards() });
            if !stacks.is_empty() {
                inc = inc.param("stack", "Mutant to incubate", Input::One { options: stacks });
            }
            asks.push(inc.disabled_if(why.is_some(), || why.clone().unwrap_or_default()));
            Some(Prompt { title: format!("Round {}: take one action", g.round), asks })
        }
        t => {
            let options: Vec<Opt> = g.options(t).into_iter().map(|(v, l)| Opt::new(v, l)).collect();
            Some(Prompt::single(
                titled(g, t),
                Ask::new("choose", "Choose").param("pick", "Choice", Input::One { options }),
            ))
        }
    }
}

/// Breed, one ask per face-up Gene Pool top: the ask is the stack (its
/// Mutant and the genes it needs), then the two cards to discard are ticked
/// from the hand, each with its genes, a card held twice up to twice. A card
/// that breeds this top with no other card of the hand is shown disabled
/// with the gene it lacks; a top nothing in hand breeds, with the gene no
/// card carries. So the choice is made part by part, never from a list of
/// every working pair.
fn breed_asks(g: &Mutants, seat: Seat) -> Vec<Ask> {
    let b = &g.boards[seat as usize];
    let mut hand: Vec<CardId> = vec![];
    for c in &b.hand {
        if !hand.contains(c) {
            hand.push(*c);
        }
    }
    let mut asks = vec![];
    for (i, st) in b.pool.iter().enumerate() {
        let Some(&target) = st.first() else { continue };
        let needs = Mutants::gene_words(&Mutants::genes_of(&[target]));
        let options = hand
            .iter()
            .map(|&c| {
                let held = b.hand.iter().filter(|h| **h == c).count() as u32;
                let why = g.card_cannot_breed(seat, i, c);
                card_genes_opt(c).up_to(held.min(2)).disabled_if(why.is_some(), || why.clone().unwrap_or_default())
            })
            .collect();
        let why = g.cannot_breed(seat, i);
        asks.push(
            Ask::new("breed", format!("Breed {} from stack {}", target.name(), i + 1))
                .with("stack", i as u64 + 1)
                .param(
                    "cards",
                    format!("Discard 2 cards that carry {needs} between them"),
                    Input::Many { options, min: 2, max: 2 },
                )
                .disabled_if(why.is_some(), || why.clone().unwrap_or_default()),
        );
    }
    asks
}

/// A hand card as an option, with its genes beside its name.
fn card_genes_opt(c: CardId) -> Opt {
    Opt::new(c.key(), c.name()).fact("Genes", Mutants::genes_plus(c))
}

/// The question with the card whose ability asks it: "Robot: Discard 1
/// card from your hand".
pub fn titled(g: &Mutants, t: &Task) -> String {
    let ability = matches!(
        t,
        Task::DiscardHand { .. }
            | Task::Freeze { .. }
            | Task::Gain { .. }
            | Task::Pay { .. }
            | Task::TakeFromDiscard { .. }
            | Task::Copy { .. }
    );
    match g.asked_by.filter(|_| ability) {
        Some(c) => format!("{}: {}", c.name(), question(g, t)),
        None => question(g, t),
    }
}

/// The question a task asks, in words.
pub fn question(g: &Mutants, t: &Task) -> String {
    use crate::content::{FreezeFrom, GainTo};
    match t {
        Task::DiscardHand { n, .. } => {
            format!("Discard {} from your hand", backroom_engine::plural(*n, "card", "cards"))
        }
        Task::Freeze { from, may, .. } => {
            let from = match from {
                FreezeFrom::This => "this Mutant",
                FreezeFrom::Hand => "a card from your hand",
                FreezeFrom::Discard => "a card from your discard",
                FreezeFrom::JustDiscarded => "one of the cards just discarded",
            };
            format!("{} freeze {from}", if *may { "You may" } else { "You must" })
        }
        Task::Gain { to, .. } => format!(
            "Gain a face-up Mutant of your Gene Pool into {}",
            match to {
                GainTo::Hand => "your hand",
                GainTo::DeckTop => "the top of your deck",
                GainTo::Incubator => "your Incubator",
                GainTo::Discard => "your discard",
                GainTo::Freezer => "your Cryo Freezer",
            }
        ),
        Task::Pay { discard, .. } => format!(
            "You may discard {} to resolve the rest of the ability",
            backroom_engine::plural(*discard, "card", "cards")
        ),
        Task::TakeFromDiscard { .. } => "Take a Mutant from your discard into your hand".into(),
        Task::Copy { .. } => "Copy an ability".into(),
        Task::BlockChoice { .. } => "You are attacked: choose which Block to activate".into(),
        Task::ForcedFreeze { s } => {
            let who = if g.is_boss(*s) { "The boss's deck" } else { "Your deck" };
            format!("{who} is empty: freeze a Mutant from the discard, then the rest is shuffled into a new deck")
        }
        Task::MovePhase { .. } => "Move the Active Mutant".into(),
        Task::AwaitAction { .. } => "Take an action".into(),
        _ => "Choose".into(),
    }
}
