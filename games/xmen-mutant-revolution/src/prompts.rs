//! What each seat may do now, as typed prompts. A prompt may offer
//! combinations `apply` then refuses (e.g. a target out of range), but it
//! never omits a legal action kind. Prompts depend only on public state and
//! the seat's own hand, never on other seats' secrets.

use crate::action::{HandCard, Mark};
use crate::battle::{Interrupt, Step, allocations};
use crate::content::{PlotId, PlotKind, Target, content, distance};
use crate::phase::{Phase, UpkeepStage};
use crate::state::{Rank, XMen};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

fn chars_opts(g: &XMen, seat: Seat, f: impl Fn(&crate::state::Character) -> bool) -> Vec<Opt> {
    g.players[seat as usize].chars.iter().filter(|c| f(c)).map(|c| Opt::new(c.id.id(), c.id.name())).collect()
}

/// One option per physical card of `hand` (two copies are two options:
/// the first named by the card's id, the next `id#2`, see [`HandCard`]).
fn hand_opts(hand: &[PlotId], label: impl Fn(PlotId) -> String) -> Vec<Opt> {
    HandCard::numbered(hand).into_iter().map(|h| Opt::new(h.value(), label(h.card))).collect()
}

fn seat_opts(g: &XMen, f: impl Fn(Seat) -> bool) -> Vec<Opt> {
    (0..g.seats).filter(|s| f(*s)).map(|s| Opt::new(s, g.who(s))).collect()
}

/// Which offer between two Schools, when there has been more than one:
/// " (offer 2)"; the first needs no number.
fn offer_no(n: u8) -> String {
    if n == 0 { String::new() } else { format!(" (offer {})", n + 1) }
}

fn hexes(cells: Vec<[i32; 2]>) -> Input {
    Input::Hex { cells }
}

/// The Reactions in `seat`'s hand answering `trigger`, one option per card
/// kind; those costing more Plot Points than the seat holds are shown
/// disabled with the price (Reactions cannot be supported).
fn reaction_opts(g: &XMen, seat: Seat, trigger: &str) -> Vec<Opt> {
    let p = &g.players[seat as usize];
    let mut opts: Vec<Opt> = vec![];
    for c in &p.hand {
        let def = c.card();
        if def.trigger.as_deref() != Some(trigger) {
            continue;
        }
        let o = Opt::new(c.key_str(), def.name.as_str())
            .disabled_if(def.plot > p.pp, || format!("costs {}; you have {}", plot_points(def.plot), p.pp));
        if !opts.iter().any(|x| x.value == o.value) {
            opts.push(o);
        }
    }
    opts.sort_by_key(|o| o.value.to_string());
    opts
}

/// "1 Plot Point", "3 Plot Points".
fn plot_points(n: u8) -> String {
    if n == 1 { "1 Plot Point".into() } else { format!("{n} Plot Points") }
}

/// An ask whose `one`/`many` parameter has too few enabled options to be
/// answered is shown disabled, with the first option's reason (or "nothing
/// to choose").
fn settle(ask: Ask) -> Ask {
    let why = ask.params.iter().find_map(|p| {
        let (opts, need) = match &p.input {
            Input::One { options } => (options, 1),
            Input::Many { options, min, .. } => (options, *min as usize),
            _ => return None,
        };
        (opts.iter().filter(|o| o.enabled()).count() < need).then(|| {
            opts.iter().find_map(|o| o.disabled.clone()).unwrap_or_else(|| format!("{}: nothing to choose", p.label))
        })
    });
    match why {
        Some(w) => ask.disabled_if(true, || w),
        None => ask,
    }
}

/// Why `seat` cannot play the Event `c` now, by what it can see (its Plot
/// Points and the pledges made to it, its Hope, its Characters and the
/// other Schools'), or `None` when some choice of targets plays it. From
/// engine version 2 the Event uses every pledge, so it may not cost less
/// than their sum; in version 1 it accepts the subset it chooses (the most
/// support that fits its Plot Value counts).
fn event_refusal(g: &XMen, seat: Seat, c: crate::content::PlotId, pledges: &[u8]) -> Option<String> {
    let p = &g.players[seat as usize];
    let def = c.card();
    let support = if g.readings().every_pledge_held_aside() {
        let all: u8 = pledges.iter().copied().fold(0, u8::saturating_add);
        if all > def.plot {
            return Some(format!(
                "the pledges ({}) are more than its Plot Value ({}); it must use them all",
                plot_points(all),
                def.plot
            ));
        }
        all
    } else {
        (0u32..1 << pledges.len())
            .map(|m| (0..pledges.len()).filter(|i| m >> i & 1 == 1).map(|i| pledges[i] as u32).sum::<u32>())
            .filter(|t| *t <= def.plot as u32)
            .max()
            .unwrap_or(0) as u8
    };
    if def.plot > p.pp.saturating_add(support) {
        let support = if support > 0 { format!(" and {support} pledged") } else { String::new() };
        return Some(format!("costs {}; you have {}{support}", plot_points(def.plot), p.pp));
    }
    for e in &def.cost {
        match e.op.as_str() {
            "discard_own_student" if p.count(Rank::Student) == 0 => {
                return Some("needs one of your Students to discard; you have none".into());
            }
            "discard_own_student" => {}
            _ if p.hope < e.amount as u32 => {
                return Some(format!("costs {} Hope too; you have {}", e.amount, p.hope));
            }
            _ => {}
        }
    }
    let needs = |op: &str| def.effects.iter().any(|e| e.op == op);
    if needs("heal") && !p.chars.iter().any(|c| c.injured) {
        return Some("none of your Characters is Injured".into());
    }
    let r = g.readings();
    if needs("power_token")
        && r.power_token_event_needs_room()
        && p.chars.iter().all(|c| c.power >= r.power_token_limit(c))
    {
        return Some("every one of your Characters is at its Power Token limit".into());
    }
    if needs("injure") {
        let open = (0..g.seats)
            .filter(|s| *s != seat || def.target == Target::Any || def.target == Target::TwoDifferent)
            .any(|s| g.players[s as usize].chars.iter().any(|c| c.rank() != Rank::Leader));
        if !open {
            return Some("no School it may target has a Hero or Student".into());
        }
    }
    None
}

/// A trigger window's title says what happened that a Reaction may answer
/// ("The bids are revealed: Jean (Magneto) wins. Play a Reaction?").
fn trigger_title(g: &XMen, trigger: &str, actor: Option<Seat>) -> String {
    let what = match (trigger, actor) {
        ("bids_revealed", Some(a)) => format!("The bids are revealed: {}", g.who_verb(a, "wins", "win")),
        ("bids_revealed", None) => "The bids are revealed".into(),
        ("character_defeated", _) => "A Character is defeated".into(),
        ("mission_revealed", _) => "The Mission is revealed".into(),
        (t, _) => format!("Reaction window: {}", t.replace('_', " ")),
    };
    format!("{what}. Play a Reaction?")
}

/// The Plot Phase's title says what this seat is asked: a cancel window
/// names the card to cancel, a support request the Plot Points asked for;
/// otherwise whose turn to act it is.
fn plot_title(g: &XMen, pl: &crate::phase::Plot, seat: Seat) -> String {
    if let Some(ch) = &pl.chain {
        if let Some(last) = ch.cards.last()
            && ch.window.contains(seat)
            && !ch.answers.contains_key(&seat)
        {
            return format!(
                "{} {}: cancel it with a Reaction?",
                g.who_verb(last.seat, "plays", "play"),
                last.card.card().name
            );
        }
    } else if let Some(r) = &pl.request
        && r.pledges.len() < g.seats as usize
        && seat != pl.current
        && !r.pledges.contains_key(&seat)
    {
        return format!(
            "{} for {} of support: pledge some?",
            g.who_verb(pl.current, "asks", "ask"),
            backroom_engine::plural(u32::from(r.amount), "Plot Point", "Plot Points")
        );
    }
    if seat == pl.current {
        "Plot Phase: your turn to act".into()
    } else {
        format!("Plot Phase: {} now", g.who_verb(pl.current, "acts", "act"))
    }
}

/// A Mission's pause for one seat's answer is titled with what it answers
/// (who was attacked or defeated), not only the Mission Turn.
fn interrupt_title(b: &crate::battle::Battle, int: &Interrupt) -> Option<String> {
    match int {
        Interrupt::Guard { pc, .. } => Some(format!("{} is attacked: play a Reaction?", b.pcs[*pc].who.name())),
        Interrupt::Penalty { who, .. } => Some(format!("{} is defeated: pay its Hope Value or discard it", who.name())),
        Interrupt::Claim { who, .. } => Some(format!("{} is defeated: recruit it?", who.card().name)),
        Interrupt::Allocate { .. } => None,
    }
}

/// The prompt of `seat`, if it may act.
pub fn prompt(g: &XMen, seat: Seat) -> Option<Prompt> {
    if seat >= g.seats {
        return None;
    }
    let mut asks: Vec<Ask> = vec![];
    let title;
    if let Some(w) = g.windows.first()
        && !matches!(g.phase, Phase::Over { .. })
    {
        if !w.seats.contains(seat) || w.answers.contains_key(&seat) {
            return None;
        }
        let opts = reaction_opts(g, seat, &w.trigger);
        let what = w.trigger.replace('_', " ");
        if !opts.is_empty() {
            asks.push(settle(Ask::new("react", format!("Play a Reaction ({what})")).param(
                "card",
                "Reaction",
                Input::One { options: opts },
            )));
        }
        asks.push(Ask::new("decline", "Pass"));
        return Some(Prompt { title: trigger_title(g, &w.trigger, w.actor), asks });
    }
    match &g.phase {
        Phase::Over { .. } => return None,
        Phase::PickSchool { order, .. } => {
            if order.first() != Some(&seat) {
                return None;
            }
            title = "Setup: choose your School".to_string();
            let opts: Vec<Opt> = content()
                .schools
                .iter()
                .enumerate()
                .filter(|(i, _)| !g.players.iter().any(|p| p.school == Some(*i as u8)))
                .map(|(_, s)| Opt::new(s.id.as_str(), s.name.as_str()))
                .collect();
            asks.push(Ask::new("pick_school", "Take this School").param(
                "school",
                "School",
                Input::One { options: opts },
            ));
        }
        Phase::Upkeep(u) => {
            if let Some((order, at)) = &u.ordered
                && order[*at] != seat
            {
                return None;
            }
            let p = &g.players[seat as usize];
            match u.stage {
                UpkeepStage::Recover => {
                    title = "Upkeep: Recover Characters (up to 3)".into();
                    // The form starts with the Characters a Recovery helps
                    // (the Injured, then those below their Power Token
                    // limit): an untouched form does not waste the stage.
                    let helped: Vec<_> = p
                        .chars
                        .iter()
                        .filter(|c| c.injured)
                        .chain(p.chars.iter().filter(|c| !c.injured && c.power < g.readings().power_token_limit(c)))
                        .take(3)
                        .map(|c| serde_json::Value::from(c.id.id()))
                        .collect();
                    asks.push(
                        Ask::new("recover", "Recover")
                            .param(
                                "characters",
                                "Characters",
                                Input::Many { options: chars_opts(g, seat, |_| true), min: 0, max: 3 },
                            )
                            .default_to(helped),
                    );
                }
                UpkeepStage::Advance => {
                    title = "Upkeep: Advance the Revolution".into();
                    let ready = chars_opts(g, seat, |c| c.power > 0);
                    if ready.len() >= 6 {
                        asks.push(Ask::new("advance", "Advance (6 Characters spend 1 Power Token)").param(
                            "characters",
                            "Characters",
                            Input::Many { options: ready, min: 6, max: 6 },
                        ));
                    }
                    asks.push(Ask::new("advance", "Do not advance").with("characters", json!([])));
                }
                UpkeepStage::AcquireHope => {
                    title = format!("Upkeep: Acquire Hope (you hold {} Hope)", p.hope);
                    // What a Hero costs is paid from the Hope held and this
                    // stage's income; the form starts with every Hero that
                    // can be paid for kept (unchecked ones are discarded).
                    let income = (p.count(Rank::Student) + p.chars.iter().filter(|c| c.triumph).count()) as u32;
                    let budget = p.hope + income;
                    let heroes: Vec<Opt> = chars_opts(g, seat, |c| c.rank() == Rank::Hero)
                        .into_iter()
                        .map(|o| {
                            o.disabled_if(budget == 0, || {
                                format!("costs 1 Hope; you have {} and gain {income}", p.hope)
                            })
                        })
                        .collect();
                    let n = (heroes.len() as u32).min(budget);
                    let kept: Vec<_> = heroes.iter().take(n as usize).map(|o| o.value.clone()).collect();
                    let mut ask = Ask::new("acquire_hope", "Pay for these Heroes")
                        .param(
                            "keep",
                            if income > 0 {
                                format!(
                                    "Heroes kept (1 Hope each; you can pay for {budget}: {} held + {income} income, 1 per Student and Triumph Token)",
                                    p.hope
                                )
                            } else {
                                format!("Heroes kept (1 Hope each; you can pay for {budget})")
                            },
                            Input::Many {
                                options: heroes,
                                min: 0,
                                max: n,
                            },
                        )
                        .default_to(kept);
                    // The penalty matters only when no Uninjured Student
                    // remains (an Uninjured Hero kept also spares it).
                    if p.uninjured(Rank::Student) == 0 {
                        ask = ask
                            .param(
                                "penalty",
                                "If no Uninjured Hero or Student remains",
                                Input::One {
                                    options: vec![
                                        Opt::new("hope", "lose half my Hope"),
                                        Opt::new("rp", "lose 1 Revolution Point"),
                                    ],
                                },
                            )
                            .default_to("hope");
                    }
                    asks.push(ask);
                }
            }
            if u.ordered.is_none() && !u.commits.contains_key(&seat) {
                asks.push(Ask::new("wait", "Wait: do this stage in order from the Mission Commander"));
            }
        }
        Phase::Plot(pl) => {
            title = plot_title(g, pl, seat);
            let p = &g.players[seat as usize];
            if p.hope > 0 && g.seats > 1 {
                // Any time in the Plot Phase, whoever's turn it is: offered
                // apart from the decision the seat is asked for (if any), so
                // another School's turn does not look like yours.
                asks.push(
                    Ask::new("give_hope", "Give Hope Coins")
                        .at_any_time()
                        .param("to", "To", Input::One { options: seat_opts(g, |s| s != seat) })
                        .param("amount", "Hope", Input::Number { min: 1, max: p.hope as i64 }),
                );
            }
            if let Some(ch) = &pl.chain {
                if ch.window.contains(seat) && !ch.answers.contains_key(&seat) {
                    let want = if ch.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
                    let opts = reaction_opts(g, seat, want);
                    if !opts.is_empty() {
                        asks.push(settle(Ask::new("react", "Cancel it with a Reaction").param(
                            "card",
                            "Reaction",
                            Input::One { options: opts },
                        )));
                    }
                    asks.push(Ask::new("decline", "Let it happen"));
                }
            } else if let Some(r) = pl.request.as_ref().filter(|r| r.pledges.len() < g.seats as usize) {
                if seat != pl.current && !r.pledges.contains_key(&seat) {
                    asks.push(Ask::new("pledge", "Pledge Plot Points").param(
                        "amount",
                        "Plot Points",
                        Input::Number { min: 0, max: p.pp as i64 },
                    ));
                }
            } else if seat == pl.current {
                // Every pledge is used by the Event played (ruling of issue
                // 12 item 10), so which to accept is no choice to make.
                let pledges: Vec<u8> = XMen::pledgers(pl).iter().map(|(_, n)| *n).collect();
                let support: u8 = if g.readings().every_pledge_held_aside() {
                    pledges.iter().sum()
                } else {
                    0 // version 1: the Event chooses which pledges to accept
                };
                let mut seen = vec![];
                for c in &p.hand {
                    let def = c.card();
                    if def.kind != PlotKind::Event || seen.contains(c) {
                        continue;
                    }
                    seen.push(*c);
                    let price = if support > 0 && support <= def.plot {
                        format!("{}: {support} pledged, {} yours", plot_points(def.plot), def.plot - support)
                    } else {
                        plot_points(def.plot)
                    };
                    let mut ask =
                        Ask::new("play_event", format!("Play {} ({price})", def.name)).with("card", c.key_str());
                    if let Some(why) = event_refusal(g, seat, *c, &pledges) {
                        // Shown, greyed, with the reason: the player sees
                        // the card and learns why before clicking.
                        asks.push(ask.disabled_if(true, || why));
                        continue;
                    }
                    let (opts, k) = match def.target {
                        Target::None => (vec![], 0),
                        Target::Any => (seat_opts(g, |_| true), 1),
                        Target::Another => (seat_opts(g, |s| s != seat), 1),
                        Target::TwoDifferent => (seat_opts(g, |_| true), 2),
                    };
                    let hurts = def.effects.iter().any(|e| e.op == "injure");
                    let opts: Vec<Opt> = opts
                        .into_iter()
                        .map(|o| {
                            let s = o.value.as_u64().unwrap_or(0) as usize;
                            let bare = !g.players[s].chars.iter().any(|c| c.rank() != Rank::Leader);
                            o.disabled_if(hurts && bare, || "has no Hero or Student to injure".into())
                        })
                        .collect();
                    if k > 0 {
                        ask = ask.param("targets", "Target Schools", Input::Many { options: opts, min: k, max: k });
                    }
                    let needs = |op: &str| def.effects.iter().chain(def.cost.iter()).any(|e| e.op == op);
                    if needs("discard_own_student") {
                        ask = ask.param(
                            "character",
                            "Student to discard",
                            Input::One { options: chars_opts(g, seat, |c| c.rank() == Rank::Student) },
                        );
                    } else if needs("power_token") || needs("heal") {
                        let heal = needs("heal");
                        let r = g.readings();
                        // A Character at its limit gains nothing (shown,
                        // greyed, from engine version 3).
                        let full = |c: &crate::state::Character| {
                            r.power_token_event_needs_room() && c.power >= r.power_token_limit(c)
                        };
                        let options = p
                            .chars
                            .iter()
                            .filter(|c| !heal || c.injured)
                            .map(|c| {
                                Opt::new(c.id.id(), c.id.name()).disabled_if(!heal && full(c), || {
                                    format!("already at its Power Token limit ({})", r.power_token_limit(c))
                                })
                            })
                            .collect();
                        ask = ask.param("character", "Character", Input::One { options });
                    } else if needs("injure") {
                        let opts: Vec<Opt> = (0..g.seats)
                            .filter(|s| *s != seat)
                            .flat_map(|s| chars_opts(g, s, |c| c.rank() != Rank::Leader))
                            .collect();
                        ask = ask.param("character", "Character to injure", Input::One { options: opts });
                    }
                    // Version 1 (matches saved before the ruling that the
                    // Event uses every pledge) still chooses which pledges to
                    // accept; see `versions.rs`.
                    if !g.readings().every_pledge_held_aside() {
                        // Accepted support never exceeds the Plot Value.
                        let pledgers: Vec<Opt> = XMen::pledgers(pl)
                            .into_iter()
                            .filter(|(s, _)| *s != seat)
                            .map(|(s, k)| {
                                Opt::new(s, g.who(s)).disabled_if(k > def.plot, || {
                                    format!("pledged {k}, more than its Plot Value {}", def.plot)
                                })
                            })
                            .collect();
                        if !pledgers.is_empty() {
                            let n = pledgers.len() as u32;
                            ask = ask.param(
                                "supporters",
                                "Accept pledges from",
                                Input::Many { options: pledgers, min: 0, max: n },
                            );
                        }
                    }
                    asks.push(ask);
                }
                if pl.request.is_some() {
                    asks.push(Ask::new("abandon_request", "Abandon the support request"));
                } else {
                    if !pl.requested {
                        asks.push(Ask::new("request_support", "Ask for support").param(
                            "amount",
                            "Plot Points",
                            Input::Number { min: 1, max: 6 },
                        ));
                    }
                    if !p.hand.is_empty() {
                        let opts = hand_opts(&p.hand, |c| format!("{} ({} Hope)", c.card().name, c.card().hope));
                        let n = opts.len() as u32;
                        asks.push(Ask::new("discard_for_hope", "Discard for Hope").param(
                            "cards",
                            "Cards",
                            Input::Many { options: opts, min: 1, max: n },
                        ));
                    }
                    let powered = chars_opts(g, seat, |c| c.power > 0 && c.power("plot").is_some());
                    if !powered.is_empty() {
                        asks.push(Ask::new("use_power", "Use a Character Power").param(
                            "character",
                            "Character",
                            Input::One { options: powered },
                        ));
                    }
                    asks.push(Ask::new("pass", "Pass"));
                }
            }
        }
        Phase::HandSize { over, .. } => {
            if !over.contains(seat) {
                return None;
            }
            let p = &g.players[seat as usize];
            let k = (p.hand.len() - p.hand_size()) as u32;
            title = format!(
                "Discard {} to your Hand Size of {}",
                backroom_engine::plural(k, "card", "cards"),
                p.hand_size()
            );
            let opts = hand_opts(&p.hand, |c| c.card().name.clone());
            asks.push(Ask::new("discard_to_hand_size", "Discard").param(
                "cards",
                "Cards",
                Input::Many { options: opts, min: k, max: k },
            ));
        }
        Phase::Allegiance(al) if al.ordered.is_some() => {
            let (order, at) = al.ordered.as_ref().unwrap();
            if order.get(*at) != Some(&seat) {
                return None;
            }
            title = "Secret Missions, in order".into();
            if al.secret[seat as usize] < 2 {
                asks.extend(secret_mission_ask(g, seat));
            }
            asks.push(Ask::new("ready", "Done"));
        }
        Phase::Allegiance(al) => {
            title = "Recruit Phase: Change Allegiance".into();
            let ready = al.ready.contains(seat);
            for o in &al.offers {
                if o.to == seat {
                    asks.push(
                        Ask::new("accept", format!("Accept the offer from {}{}", g.who(o.from), offer_no(o.n)))
                            .with("from", o.from)
                            .with("n", o.n)
                            // An offer another trade has overtaken (a Character
                            // gone, Hope spent) is shown with the reason.
                            .disabled_if(g.check_offer(o).is_err(), || {
                                g.check_offer(o).err().map(|e| e.message).unwrap_or_default()
                            }),
                    );
                    asks.push(
                        Ask::new("reject", format!("Decline the offer from {}{}", g.who(o.from), offer_no(o.n)))
                            .with("from", o.from)
                            .with("n", o.n),
                    );
                }
                if o.from == seat {
                    asks.push(
                        Ask::new("withdraw", format!("Withdraw your offer to {}{}", g.who(o.to), offer_no(o.n)))
                            .with("to", o.to)
                            .with("n", o.n),
                    );
                }
            }
            if !ready {
                let p = &g.players[seat as usize];
                if al.made[seat as usize] < crate::rules::OFFERS_PER_PHASE {
                    for to in 0..g.seats {
                        if to == seat {
                            continue;
                        }
                        let q = &g.players[to as usize];
                        let (give, take) = (trade_opts(g, seat, to), trade_opts(g, to, seat));
                        // A trade moves at least one Hero or Student.
                        let none = !give.iter().chain(&take).any(Opt::enabled);
                        asks.push(
                            Ask::new("offer", format!("Offer a trade to {}", g.who(to)))
                                .with("to", to)
                                .disabled_if(none, || {
                                    format!("neither you nor {} has a Hero or Student to trade", g.who(to))
                                })
                                .param("give", "You give", Input::Many { options: give, min: 0, max: 2 })
                                .param(
                                    "give_hope",
                                    "Hope you give",
                                    Input::Number { min: 0, max: p.hope.min(6) as i64 },
                                )
                                .param("take", "You take", Input::Many { options: take, min: 0, max: 2 })
                                .param(
                                    "take_hope",
                                    "Hope you take",
                                    Input::Number { min: 0, max: q.hope.min(6) as i64 },
                                ),
                        );
                    }
                }
                if !al.wait {
                    asks.push(Ask::new("wait", "Wait: Secret Missions in order once everyone is ready"));
                }
                if al.secret[seat as usize] < 2 && !al.wait {
                    asks.extend(secret_mission_ask(g, seat));
                }
                asks.push(Ask::new("ready", "Pick up your Bidding Dial"));
            }
            if asks.is_empty() {
                return None;
            }
        }
        Phase::Recruit(r) if r.training_for.is_some() => {
            if r.training_for != Some(seat) {
                return None;
            }
            title = format!("Attach {}", r.current.card().name);
            let opts: Vec<Opt> =
                g.training_holders(seat, r.current).into_iter().map(|c| Opt::new(c.id(), c.name())).collect();
            asks.push(Ask::new("train", "Train").param("character", "Character", Input::One { options: opts }));
        }
        Phase::Recruit(crate::phase::Recruit { auction, .. }) | Phase::McBid { auction, .. } => {
            if !auction.bidders.contains(seat) {
                return None;
            }
            title = match &g.phase {
                Phase::Recruit(r) => format!("Bid for {} (round {})", r.current.card().name, auction.round),
                _ => format!("Bid for Mission Commander (round {})", auction.round),
            };
            asks.push(Ask::new("bid", "Lock your Bidding Dial").param(
                "value",
                "Hope",
                Input::Number { min: 0, max: g.dial_max(seat, auction) as i64 },
            ));
        }
        Phase::Invite(inv) => match inv.asking {
            None => {
                if seat != g.mc {
                    return None;
                }
                title = format!("Invite a School to Character Position {}", inv.positions.len() + 1);
                asks.push(Ask::new("invite", "Invite").param(
                    "school",
                    "School",
                    Input::One { options: seat_opts(g, |s| !inv.invited.contains(s)) },
                ));
            }
            Some(a) => {
                if a != seat {
                    return None;
                }
                title = format!("{}: send a Character or refuse", inv.mission.card().name);
                let opts: Vec<Opt> =
                    g.eligible(seat, inv.mission).into_iter().map(|c| Opt::new(c.id(), c.name())).collect();
                if !opts.is_empty() {
                    asks.push(Ask::new("send", "Send").param("character", "Character", Input::One { options: opts }));
                }
                asks.push(Ask::new("refuse_invitation", "Refuse (lose 1 Revolution Point)"));
            }
        },
        Phase::Battle(b) => {
            if b.awaited() != Some(seat) {
                return None;
            }
            let turn = match b.mission {
                Some(m) => format!("{}: Mission Turn {}", m.card().name, b.turn),
                None => format!("Final Tournament: Mission Turn {}", b.turn),
            };
            title = match &b.interrupt {
                Some(int) => match interrupt_title(b, int) {
                    Some(what) => format!("{what} ({turn})"),
                    None => turn,
                },
                None => turn,
            };
            if let Some(int) = &b.interrupt {
                match int {
                    Interrupt::Allocate { pc, damage, .. } => {
                        let opts: Vec<Opt> = allocations(b.pcs[*pc].stats, *damage)
                            .into_iter()
                            .map(|l| Opt::new(json!(l), format!("ATK -{}, DEF -{}, SPD -{}", l[0], l[1], l[2])))
                            .collect();
                        asks.push(
                            Ask::new("allocate", format!("Allocate {damage} Damage to {}", b.pcs[*pc].who.name()))
                                .param("loss", "Loss", Input::One { options: opts }),
                        );
                    }
                    Interrupt::Guard { pc, .. } => {
                        let opts = reaction_opts(g, seat, "pc_attacked");
                        if !opts.is_empty() {
                            asks.push(settle(
                                Ask::new("react", format!("{} is attacked: play a Reaction", b.pcs[*pc].who.name()))
                                    .param("card", "Reaction", Input::One { options: opts }),
                            ));
                        }
                        asks.push(Ask::new("decline", "No Reaction"));
                    }
                    Interrupt::Penalty { who, .. } => {
                        let p = &g.players[seat as usize];
                        let price = p.find(*who).map_or(0, |i| p.chars[i].attributes().hope as u32);
                        asks.push(
                            Ask::new("penalty", format!("Pay the Hope Value of {} ({price} Hope)", who.name()))
                                .with("pay", true)
                                .disabled_if(p.hope < price, || format!("costs {price} Hope; you have {}", p.hope)),
                        );
                        asks.push(Ask::new("penalty", format!("Discard {}", who.name())).with("pay", false));
                    }
                    Interrupt::Claim { who, hope, .. } => {
                        let held = g.players[seat as usize].hope;
                        asks.push(
                            Ask::new("claim", format!("Pay {hope} Hope and recruit {}", who.card().name))
                                .with("recruit", true)
                                .disabled_if(held < *hope as u32, || format!("costs {hope} Hope; you have {held}")),
                        );
                        asks.push(Ask::new("claim", "Decline").with("recruit", false));
                    }
                }
            } else {
                match &b.step {
                    Step::Place => {
                        asks.push(Ask::new("place", "Place the next Mission Token").param(
                            "hex",
                            "Hex",
                            hexes(b.placements()),
                        ));
                    }
                    Step::First { .. } => {
                        let opts: Vec<Opt> =
                            b.standing().into_iter().map(|i| Opt::new(b.pcs[i].seat, b.pcs[i].who.name())).collect();
                        asks.push(Ask::new("first", "This PC acts first").param(
                            "pc",
                            "PC",
                            Input::One { options: opts },
                        ));
                    }
                    Step::Act { order, at, moved, .. } => {
                        let pc = &b.pcs[order[*at]];
                        let here = pc.hex.expect("acting PC stands");
                        let reach = b.reachable(here, pc.stats[2]);
                        if !reach.is_empty() {
                            asks.push(Ask::new("move", format!("Move {}", pc.who.name())).param(
                                "to",
                                "Hex",
                                hexes(reach),
                            ));
                        }
                        let p = &g.players[pc.seat as usize];
                        let ch = &p.chars[p.find(pc.who).expect("PC owned")];
                        let pw = ch.power("attack");
                        // A repeat_target Power (1 Power Token) may attack
                        // the same target again this Mission Turn.
                        let again = pw.is_some_and(|w| w.op == "repeat_target") && ch.power > 0;
                        let school = p.school.unwrap_or(0);
                        let leader_in = b.pcs.iter().any(|x| x.seat == pc.seat && x.who.rank() == Rank::Leader);
                        let charter_ok = pc.who.rank() != Rank::Leader && !leader_in && p.chars[0].power > 0;
                        let mut reach_range = pc.range as i32;
                        if pw.is_some_and(|w| w.op == "range") {
                            reach_range += ch.power as i32;
                        }
                        if charter_ok && content().schools[school as usize].charter.op == "range" {
                            reach_range += p.chars[0].power as i32;
                        }
                        let mut targets = vec![];
                        for q in &b.pcs {
                            if let Some(h) = q.hex
                                && q.seat != pc.seat
                                && distance(h, here) <= reach_range
                            {
                                let m = Mark::Pc(q.seat);
                                targets.push(
                                    Opt::new(json!(m), q.who.name())
                                        .disabled_if(!again && pc.attacked.contains(&m), || {
                                            "already attacked by it this Mission Turn".into()
                                        }),
                                );
                            }
                        }
                        for (i, t) in b.tokens.iter().enumerate() {
                            if t.alive && distance(t.hex, here) <= reach_range {
                                let name = &b.mission.unwrap().card().tokens[t.spec as usize].name;
                                let m = Mark::Token(i as u8);
                                targets.push(
                                    Opt::new(json!(m), format!("{name} #{}", i + 1))
                                        .disabled_if(!again && pc.attacked.contains(&m), || {
                                            "already attacked by it this Mission Turn".into()
                                        }),
                                );
                            }
                        }
                        if targets.iter().any(Opt::enabled) {
                            let mut ask = Ask::new("attack", format!("Attack with {}", pc.who.name())).param(
                                "target",
                                "Target",
                                Input::One { options: targets },
                            );
                            if pw.is_some() && ch.power > 0 {
                                ask = ask.param(
                                    "power",
                                    "Power Tokens on its Power",
                                    Input::Number { min: 0, max: ch.power as i64 },
                                );
                            }
                            if charter_ok {
                                ask = ask.param(
                                    "charter",
                                    "Leader's Power Tokens on the Charter",
                                    Input::Number { min: 0, max: p.chars[0].power as i64 },
                                );
                            }
                            asks.push(ask);
                        }
                        if *moved && ch.power > 0 && ch.power("after_move").is_some() {
                            let lost: Vec<Opt> = ["atk", "def", "spd"]
                                .iter()
                                .enumerate()
                                .filter(|(i, _)| pc.stats[*i] < pc.start[*i])
                                .map(|(_, s)| Opt::new(*s, s.to_uppercase()))
                                .collect();
                            if !lost.is_empty() {
                                asks.push(Ask::new("regain", "Spend 1 Power Token to regain a lost stat").param(
                                    "stat",
                                    "Stat",
                                    Input::One { options: lost },
                                ));
                            }
                        }
                        if ch.power > 0 && ch.power("action").is_some() {
                            let hurt: Vec<_> = b
                                .pcs
                                .iter()
                                .filter(|q| q.hex.is_some_and(|h| distance(h, here) <= 1) && q.stats != q.start)
                                .collect();
                            let near: Vec<Opt> = hurt.iter().map(|q| Opt::new(q.seat, q.who.name())).collect();
                            if !near.is_empty() {
                                // Only lost stat points are restored.
                                let stats = ["atk", "def", "spd"]
                                    .iter()
                                    .enumerate()
                                    .map(|(i, s)| {
                                        let lost = hurt.iter().any(|q| q.stats[i] < q.start[i]);
                                        Opt::new(*s, s.to_uppercase()).disabled_if(!lost, || {
                                            format!("no PC beside it has lost {}", s.to_uppercase())
                                        })
                                    })
                                    .collect();
                                asks.push(
                                    Ask::new("special", format!("Special Action: {}'s Power", pc.who.name()))
                                        .param("pc", "PC", Input::One { options: near })
                                        .param("stat", "Stat", Input::One { options: stats }),
                                );
                            }
                        }
                        if let Some(sp) = b.mission.and_then(|m| m.card().special.as_ref()) {
                            let near: Vec<Opt> = b
                                .objectives
                                .iter()
                                .enumerate()
                                .filter(|(_, o)| o.done_by.is_none() && distance(o.hex, here) <= sp.range as i32)
                                .map(|(k, _)| Opt::new(k as u64, format!("{} #{}", sp.objective, k + 1)))
                                .collect();
                            if !near.is_empty() {
                                asks.push(Ask::new("mission_action", format!("Special Action: {}", sp.name)).param(
                                    "objective",
                                    sp.objective.as_str(),
                                    Input::One { options: near },
                                ));
                            }
                        }
                        asks.push(Ask::new("end_actions", "End this PC's actions"));
                    }
                    Step::Tokens { pending, .. } if pending.len() > 1 => {
                        let (t, _) = pending[0];
                        let spec = &b.mission.unwrap().card().tokens[b.tokens[t as usize].spec as usize];
                        let opts: Vec<Opt> =
                            pending.iter().map(|(_, i)| Opt::new(b.pcs[*i].seat, b.pcs[*i].who.name())).collect();
                        asks.push(
                            Ask::new("token_attack", format!("{} #{} attacks this PC next", spec.name, t + 1)).param(
                                "pc",
                                "PC",
                                Input::One { options: opts },
                            ),
                        );
                    }
                    Step::Tokens { todo, .. } => {
                        for at in todo {
                            let t = &b.tokens[*at as usize];
                            let spec = &b.mission.unwrap().card().tokens[t.spec as usize];
                            asks.push(
                                Ask::new("move_token", format!("Move {} #{}", spec.name, at + 1))
                                    .with("token", *at as u64)
                                    .param("to", "Hex", hexes(b.token_moves(*at as usize))),
                            );
                        }
                    }
                }
            }
        }
        Phase::TournamentPick(t) => {
            if t.pair.get(t.chosen.len()) != Some(&seat) {
                return None;
            }
            title = "Final Tournament: choose your Character".into();
            asks.push(Ask::new("champion", "Fight").param(
                "character",
                "Character",
                Input::One { options: chars_opts(g, seat, |c| !c.injured) },
            ));
        }
    }
    if asks.is_empty() { None } else { Some(Prompt { title, asks }) }
}

/// The Heroes and Students `from` may trade to `to` (never a Leader). By
/// ruling A15 a School keeps an Uninjured Student (Hero) if it had one, so
/// its last Uninjured one goes only in exchange for one of the other
/// School's: when the other School has none, it is shown disabled.
fn trade_opts(g: &XMen, from: Seat, to: Seat) -> Vec<Opt> {
    let (a, b) = (&g.players[from as usize], &g.players[to as usize]);
    a.chars
        .iter()
        .filter(|c| c.rank() != Rank::Leader)
        .map(|c| {
            let last = !c.injured && a.uninjured(c.rank()) == 1 && b.uninjured(c.rank()) == 0;
            let rank = if c.rank() == Rank::Hero { "Hero" } else { "Student" };
            Opt::new(c.id.id(), c.id.name()).disabled_if(last, || {
                format!(
                    "the last Uninjured {rank} of {} goes only in exchange for one, and {} has none",
                    g.who(from),
                    g.who(to)
                )
            })
        })
        .collect()
}

/// Secret Missions: any Uninjured Hero or Student that is not the School's
/// last Uninjured one of its rank (never a Leader).
fn secret_mission_ask(g: &XMen, seat: Seat) -> Option<Ask> {
    let p = &g.players[seat as usize];
    let opts = chars_opts(g, seat, |c| c.rank() != Rank::Leader && !c.injured && p.uninjured(c.rank()) > 1);
    (!opts.is_empty()).then(|| {
        Ask::new("secret_mission", "Send on a Secret Mission").param(
            "character",
            "Character",
            Input::One { options: opts },
        )
    })
}
