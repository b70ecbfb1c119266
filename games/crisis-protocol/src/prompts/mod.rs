//! What each seat may do now, offering only options that work: legal
//! deployment points, movement plans already validated by
//! [`crate::rules::movement`], attacks whose cost is payable with targets in range
//! and line of sight, tokens within R1. A point, a plan or a superpower's
//! point and direction is any within its domain, those ready-made ones as
//! quick picks ([`crate::prompts::free`]).

pub mod free;

use crate::content::cards::TacticEffect;
use crate::content::{Condition, Power, content};
use crate::rules::activation::interact_refusal;
use crate::rules::attack::target_refusal;
use crate::rules::common::{action_refusal, move_refusal, with_mover};
use crate::rules::movement;
use crate::rules::setup::deploy_points;
use crate::state::{Crisis, Phase};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

fn one(options: Vec<Opt>) -> Input {
    Input::One { options }
}

/// The prompt for `seat`, if it may act.
pub fn prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    if seat > 1 {
        return None;
    }
    match g.phase {
        Phase::Over => None,
        Phase::Rosters => Some(roster_prompt(g, seat)),
        Phase::Battlefield => battlefield_prompt(g, seat),
        Phase::DeckChoice => (seat == g.priority).then(|| {
            let opts = vec![Opt::new("secure", "Secure deck"), Opt::new("extraction", "Extraction deck")];
            Prompt::single(
                "Choose the crisis deck you draw from",
                Ask::new("choose_deck", "Draw from").param("deck", "Deck", one(opts)),
            )
        }),
        Phase::MissionSetup => {
            let &token = g.to_place.first()?;
            if seat != g.turn {
                return None;
            }
            let card = g.crisis_card(g.tokens[token].crisis);
            let opts = crate::rules::mission::place_points(g, token)
                .iter()
                .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
                .collect();
            let n = card.place_within.unwrap_or(0);
            Some(Prompt::single(
                format!(
                    "Mission setup: place {} token {} within R{n} of its map point",
                    card.name,
                    g.tokens[token].index + 1
                ),
                Ask::new("place_token", format!("Place {} token {}", card.name, g.tokens[token].index + 1))
                    .with("token", token)
                    .param("at", "Where", free::table_point(g, opts)),
            ))
        }
        Phase::ThreatChoice => {
            if seat == g.priority {
                return None;
            }
            let opts = (0..2).map(|k| {
                let c = g.crisis_card(k);
                Opt::new(k, format!("{}: Maximum Threat {}", c.name, c.max_threat))
            });
            Some(Prompt::single(
                "Choose the Maximum Threat",
                Ask::new("choose_threat", "Choose the crisis whose Maximum Threat applies").param(
                    "crisis",
                    "Crisis",
                    one(opts.collect()),
                ),
            ))
        }
        Phase::EdgeChoice => {
            if seat == g.priority {
                return None;
            }
            let opts = crate::state::Edge::ALL.iter().map(|e| Opt::new(json!(e), format!("{e:?} edge"))).collect();
            Some(Prompt::single(
                "Choose your edge",
                Ask::new("choose_edge", "Choose your edge").param("edge", "Edge", one(opts)),
            ))
        }
        Phase::SquadBuild => {
            let roster = g.rosters[usize::from(seat)].as_ref();
            let opts = content()
                .characters
                .iter()
                .filter(|c| roster.is_none_or(|r| r.characters.contains(&c.id)))
                .map(|c| {
                    Opt::new(c.id.clone(), format!("{}, threat {}", c.name, c.threat))
                        .disabled_if(c.threat > g.max_threat, || "over the Maximum Threat".into())
                })
                .collect();
            let title = if g.squads[usize::from(seat)].is_some() {
                "Change your squad while your opponent decides"
            } else {
                "Build your squad in secret"
            };
            let cards = content()
                .tactics
                .iter()
                .filter(|t| roster.is_none_or(|r| r.tactics.contains(&t.id)))
                .map(|t| Opt::new(t.id.clone(), t.name.clone()))
                .collect();
            Some(Prompt::single(
                format!("{title}: Maximum Threat {}", g.max_threat),
                Ask::new("squad", "Commit your squad")
                    .param("characters", "Characters", Input::Many { options: opts, min: 1, max: 6 })
                    .param("tactics", "Team Tactic cards, up to 5", Input::Many { options: cards, min: 0, max: 5 }),
            ))
        }
        Phase::Deployment => {
            if g.turn != seat {
                return None;
            }
            let asks: Vec<Ask> = (0..g.models.len())
                .filter(|&m| g.models[m].owner == seat && !g.models[m].deployed)
                .map(|m| {
                    // With no grid point free, the point is laid by hand.
                    let opts = deploy_points(g, m)
                        .iter()
                        .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
                        .collect();
                    Ask::new("deploy", format!("Deploy {}", g.models[m].card().name)).with("model", m).param(
                        "at",
                        "Where",
                        free::table_point(g, opts),
                    )
                })
                .collect();
            Some(Prompt { title: "Deploy a character within R3 of your edge".into(), asks })
        }
        Phase::Leadership => {
            if g.turn != seat {
                return None;
            }
            let opts = crate::rules::leadership::qualifying(g, seat)
                .into_iter()
                .map(|m| {
                    let l = g.models[m].card().leadership.as_ref().map(|l| l.name.clone()).unwrap_or_default();
                    Opt::new(m, format!("{}: {l}", g.models[m].card().name))
                })
                .collect();
            Some(Prompt::single(
                "Choose your leader for the game",
                Ask::new("choose_leader", "Choose the leader").param("model", "Leader", one(opts)),
            ))
        }
        Phase::Activation => {
            if let Some(r) = g.reactions.first() {
                if crate::rules::reactions::reaction_seat(g, r) != seat {
                    return None;
                }
                if let crate::state::Reaction::PlaceToken { token, .. } = r {
                    let opts = crate::rules::reactions::place_points(g)
                        .into_iter()
                        .map(|p| Opt::new(json!(p), format!("at {:.1}, {:.1}", p[0], p[1])))
                        .collect();
                    let card = g.crisis_card(g.tokens[*token].crisis);
                    let ask =
                        Ask::new("place_token", format!("Place {} token {}", card.name, g.tokens[*token].index + 1))
                            .with("token", *token)
                            .param("at", "Where", free::table_point(g, opts));
                    return Some(Prompt::single("Place the dropped token within R2 of its holder", ask));
                }
                let (title, keys) = crate::rules::reactions::queued_options(g).unwrap_or_default();
                let opts: Vec<Opt> = keys.into_iter().map(|(key, label)| Opt::new(key, label)).collect();
                let mut asks = vec![Ask::new("react", "Decline")];
                if !opts.is_empty() {
                    asks.insert(0, Ask::new("react", "React").param("with", "Reaction", one(opts)));
                }
                if let crate::state::Reaction::Dodge { dice, by, sources, .. } = r
                    && crate::versions::v7(g)
                {
                    // Engine version 7: the dodge's rerolls are chosen die by
                    // die, in the order the player likes.
                    let by = if by.len() == dice.len() { by.clone() } else { vec![Vec::new(); dice.len()] };
                    let rerolls = reroll_asks(dice, &by, sources);
                    let at = asks.len() - 1;
                    asks.splice(at..at, rerolls);
                    asks.last_mut().expect("Decline").label = "Keep the dice".into();
                    return Some(Prompt {
                        title: format!("{title} Dodge roll {}", crate::rules::dice::show(dice)),
                        asks,
                    });
                }
                return Some(Prompt { title, asks });
            }
            if let Some(p) = g.pending_attack.as_ref().filter(|p| p.ordering) {
                return (g.models[p.attacker].owner == seat).then(|| order_prompt(g, p));
            }
            if let Some(s) = crate::rules::attack::modify_seat(g) {
                return (s == seat).then(|| modify_prompt(g));
            }
            if let Some(p) = &g.pending_attack
                && let Some(t) = p.window()
            {
                if g.models[t].owner != seat {
                    return None;
                }
                let keys = if p.after.is_some() {
                    crate::rules::reactions::counters(g, t)
                } else {
                    crate::rules::reactions::available(g, t, &p.used)
                };
                let opts: Vec<Opt> = keys.into_iter().map(|(key, label)| Opt::new(key, label)).collect();
                let mut asks = vec![Ask::new("react", "Decline")];
                if !opts.is_empty() {
                    asks.insert(0, Ask::new("react", "React").param("with", "Reaction", one(opts)));
                }
                return Some(Prompt { title: format!("{} is targeted: react?", g.models[t].card().name), asks });
            }
            (g.turn == seat).then(|| activation_prompt(g, seat))
        }
    }
}

fn roster_prompt(g: &Crisis, seat: Seat) -> Prompt {
    use crate::rules::rosters::{ROSTER_CHARACTERS, ROSTER_TACTICS};
    let chars = content()
        .characters
        .iter()
        .map(|c| Opt::new(c.id.clone(), format!("{} ({}), threat {}", c.name, c.alter_ego, c.threat)))
        .collect();
    let cards = content().tactics.iter().map(|t| Opt::new(t.id.clone(), t.name.clone())).collect();
    let title = if g.rosters[usize::from(seat)].is_some() {
        "Change your roster while your opponent decides"
    } else {
        "Build your roster"
    };
    Prompt::single(
        title,
        Ask::new("roster", "Commit your roster")
            .param(
                "characters",
                "Characters",
                Input::Many { options: chars, min: ROSTER_CHARACTERS as u32, max: ROSTER_CHARACTERS as u32 },
            )
            .param(
                "tactics",
                "Team Tactic cards",
                Input::Many { options: cards, min: ROSTER_TACTICS as u32, max: ROSTER_TACTICS as u32 },
            ),
    )
}

fn battlefield_prompt(g: &Crisis, seat: Seat) -> Option<Prompt> {
    use crate::rules::battlefield::{LayoutChoice, MAX_LAYOUT_CHANGES, proposable_sets, refusal};
    if refusal(g, seat).is_some() {
        return None;
    }
    let mut asks = vec![Ask::new("battlefield", "Confirm this layout").with("choice", json!(LayoutChoice::Confirm))];
    if g.layout_changes < MAX_LAYOUT_CHANGES {
        let left = MAX_LAYOUT_CHANGES - g.layout_changes;
        asks.push(
            Ask::new("battlefield", format!("Ask for another generated layout ({left} changes left)"))
                .with("choice", json!(LayoutChoice::Generate)),
        );
        for set in proposable_sets(g) {
            asks.push(
                Ask::new("battlefield", format!("Propose the {} terrain set", set.name))
                    .with("choice", json!(LayoutChoice::Set(set.id.clone()))),
            );
        }
    }
    Some(Prompt { title: "Agree the battlefield".into(), asks })
}

/// A beam's or area's enemies in range, ordered by the attacker.
fn order_prompt(g: &Crisis, p: &crate::state::PendingAttack) -> Prompt {
    let atk = &g.models[p.attacker].card().sides.healthy.attacks[p.attack];
    let opts = p
        .queue
        .iter()
        .filter(|&&t| Some(t) != p.first)
        .map(|&t| Opt::new(t, g.models[t].card().name.clone()))
        .collect();
    let title = match p.first {
        Some(f) => format!(
            "{}: {} is attacked first (the named target); choose the order of the others",
            atk.name,
            g.models[f].card().name
        ),
        None => format!("{}: choose the order in which the targets are attacked", atk.name),
    };
    Prompt::single(
        title,
        Ask::new("order_targets", "Attack in this order").param(
            "order",
            "Targets, the first attacked first",
            Input::Order { options: opts },
        ),
    )
}

/// The modify step (engine version 6): one ask per reroll ability left,
/// its dice to choose (a failure, or a die it has rerolled, disabled with
/// the reason), and keeping the dice.
fn modify_prompt(g: &Crisis) -> Prompt {
    let p = g.pending_attack.as_ref().expect("a modify step is open");
    let m = p.modify.as_ref().expect("a modify step is open");
    let (dice, by, side) =
        if m.defender { (&m.defense_dice, &m.defense_by, "defense") } else { (&m.attack_dice, &m.attack_by, "attack") };
    let mut asks = reroll_asks(dice, by, &m.sources);
    asks.push(Ask::new("reroll", "Keep the dice"));
    let title = format!(
        "Modify your {side} dice: attack {} against defense {}",
        crate::rules::dice::show(&m.attack_dice),
        crate::rules::dice::show(&m.defense_dice)
    );
    Prompt { title, asks }
}

/// One `reroll` ask per reroll ability left with a die it may reroll: its
/// dice to choose, a failure or a die it has rerolled disabled with the
/// reason. The modify step and a dodge (engine version 7) share it.
fn reroll_asks(dice: &[crate::rules::dice::Face], by: &[Vec<String>], sources: &[(String, u8)]) -> Vec<Ask> {
    use crate::rules::dice::Face;
    let mut asks = Vec::new();
    for (name, n) in sources {
        let ok = crate::rules::attack::rerollable(dice, by, name);
        if *n == 0 || !ok.contains(&true) {
            continue;
        }
        let opts = dice
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let why = if *d == Face::Failure {
                    "a failure can't be rerolled".to_string()
                } else {
                    format!("{name} has rerolled it already")
                };
                Opt::new(i, format!("die {}: {d:?}", i + 1)).disabled_if(!ok[i], || why)
            })
            .collect();
        asks.push(Ask::new("reroll", format!("Reroll with {name}")).with("ability", name.clone()).param(
            "dice",
            format!("Dice, up to {n}"),
            Input::Many { options: opts, min: 1, max: u32::from(*n) },
        ));
    }
    asks
}

/// A terrain throw's option with what it would hit (its label's words
/// after the direction) as its `Throw` fact, for the map.
fn throw_fact(opt: Opt) -> Opt {
    match opt.label.split_once(": ").map(|(_, what)| what.to_string()) {
        Some(what) => opt.fact("Throw", what),
        None => opt,
    }
}

/// The Team Tactic cards `seat` can play now: a card that names something
/// gets its own ask with its choices, the others share one.
fn tactic_asks(g: &Crisis, seat: Seat) -> Vec<Ask> {
    let mut asks = Vec::new();
    let playable: Vec<&crate::content::Tactic> = g.tactics[usize::from(seat)]
        .iter()
        .filter(|id| crate::rules::tactics::play_refusal(g, seat, id).is_none())
        .filter_map(|id| content().tactic(id))
        .collect();
    let cards: Vec<Opt> = playable
        .iter()
        .filter(|t| !crate::rules::tactics::needs_choice(t))
        .map(|t| Opt::new(t.id.clone(), format!("{}, cost {}", t.name, t.cost)))
        .collect();
    for t in playable.iter().filter(|t| crate::rules::tactics::needs_choice(t)) {
        let opts: Vec<Opt> = crate::rules::tactics::choices(g, seat, t)
            .into_iter()
            .map(
                |(c, label)| {
                    if c.piece.is_some() { throw_fact(Opt::new(json!(c), label)) } else { Opt::new(json!(c), label) }
                },
            )
            .collect();
        let transforms = || {
            t.effects.iter().all(|e| matches!(e, TacticEffect::Transform {}))
                && g.activation.as_ref().is_some_and(|a| crate::rules::powers::transform_form(g, a.model).is_some())
        };
        let choice =
            if opts.is_empty() { free::point_alone(g, transforms()) } else { Some(free::choice(g, None, opts)) };
        if let Some(choice) = choice {
            asks.push(
                Ask::new("play_tactic", format!("{}, cost {}", t.name, t.cost))
                    .with("card", t.id.clone())
                    .param("choice", "Choice", choice),
            );
        }
    }
    if !cards.is_empty() {
        asks.push(Ask::new("play_tactic", "Play a Team Tactic card").param("card", "Card", one(cards)));
    }
    asks
}

fn activation_prompt(g: &Crisis, seat: Seat) -> Prompt {
    let Some(act) = &g.activation else {
        let ready: Vec<Opt> = (0..g.models.len())
            .filter(|&m| g.models[m].owner == seat && g.models[m].ready())
            .map(|m| Opt::new(m, g.models[m].card().name.clone()))
            .collect();
        let mut asks = Vec::new();
        if !ready.is_empty() {
            asks.push(Ask::new("activate", "Activate a character").param("model", "Character", one(ready)));
        }
        if g.ready_count(seat) < g.ready_count(1 - seat) {
            asks.push(Ask::new("pass", "Pass"));
        }
        asks.extend(tactic_asks(g, seat));
        return Prompt { title: format!("Round {}: your turn", g.round), asks };
    };
    let m = act.model;
    let model = &g.models[m];
    let mut asks = Vec::new();
    if move_refusal(g, act).is_none() {
        // Any plan laid by hand, the candidate plans as quick picks; a
        // mover that no candidate fits still gets the ask (a blind one).
        let plan = with_mover(g, m, |mv| {
            let opts: Vec<Opt> = movement::candidates(g.geo(), mv)
                .iter()
                .map(|p| {
                    let verb = if p.climb { "Climb" } else { "Advance" };
                    let bend = if p.bend == 0.0 { String::new() } else { format!(" bent {} degrees", p.bend) };
                    Opt::new(
                        json!(p),
                        format!(
                            "{verb} with {:?} at {} degrees{bend} to {:.1}, {:.1}",
                            p.tool, p.angle, p.to[0], p.to[1]
                        ),
                    )
                })
                .collect();
            free::plan(g, mv, opts)
        });
        asks.push(Ask::new("advance", "Move").param("plan", "Movement tool and end", plan));
    }
    if action_refusal(g, act, false).is_none() && act.actions < 2 {
        for (i, a) in model.card().sides.healthy.attacks.iter().enumerate() {
            let targets: Vec<Opt> = (0..g.models.len())
                .filter(|&t| target_refusal(g, m, i, t).is_none())
                .map(|t| Opt::new(t, g.models[t].card().name.clone()))
                .collect();
            if !targets.is_empty() {
                asks.push(
                    Ask::new(
                        "attack",
                        format!(
                            "Attack with {}, range {}, strength {}, cost {}",
                            a.name, a.range.n, a.strength, a.cost
                        ),
                    )
                    .with("attack", i)
                    .param("target", "Target", one(targets)),
                );
            }
        }
    }
    if action_refusal(g, act, true).is_none() && !model.conditions.is_empty() {
        let staggered_first = act.actions == 0 && model.has(Condition::Stagger);
        let opts = model
            .conditions
            .iter()
            .filter(|c| !staggered_first || **c == Condition::Stagger)
            .map(|c| Opt::new(json!(c), format!("{c:?}")))
            .collect();
        asks.push(Ask::new("shake", "Shake off a condition").param("condition", "Condition", one(opts)));
    }
    for (i, sp) in model.card().sides.healthy.superpowers.iter().enumerate() {
        if crate::rules::powers::power_refusal(g, act, i).is_some() {
            continue;
        }
        let throw = sp
            .effects
            .iter()
            .find_map(|e| if let crate::content::Power::ThrowEnemy { n, .. } = e { Some(*n) } else { None });
        let opts: Vec<Opt> = crate::rules::powers::choices(g, act, i)
            .into_iter()
            .map(|(c, label)| {
                let opt = Opt::new(json!(c), label);
                match (throw, c.target, c.angle, c.piece) {
                    // An enemy thrown: where it lands, for the map.
                    (Some(n), Some(t), Some(angle), None) => {
                        let (at, what) = crate::rules::powers::throw_preview(g, m, t, angle, n);
                        opt.fact("Lands", at.map_or(serde_json::Value::Null, |p| json!(p))).fact("Throw", what)
                    }
                    (_, _, _, Some(_)) => throw_fact(opt),
                    _ => opt,
                }
            })
            .collect();
        let choice = if opts.is_empty() {
            free::point_alone(g, sp.effects.iter().all(|e| matches!(e, Power::Place { .. } | Power::Transform { .. })))
        } else {
            Some(free::choice(g, Some(m), opts))
        };
        if let Some(choice) = choice {
            asks.push(
                Ask::new("use_power", format!("{}, cost {}", sp.name, sp.cost))
                    .with("power", i)
                    .param("choice", "Choice", choice),
            );
        }
    }
    asks.extend(tactic_asks(g, seat));
    let toks: Vec<Opt> = (0..g.tokens.len())
        .filter(|&t| interact_refusal(g, act, t).is_none())
        .map(|t| Opt::new(t, format!("{} token {}", g.crisis_card(g.tokens[t].crisis).name, g.tokens[t].index + 1)))
        .collect();
    if !toks.is_empty() {
        asks.push(Ask::new("interact", "Interact with a token for 1 power").param("token", "Token", one(toks)));
    }
    asks.push(Ask::new("end_activation", "End the activation"));
    Prompt { title: format!("Round {}: {} activates", g.round, model.card().name), asks }
}
