//! What each seat may do now, as typed prompts. A prompt may offer
//! combinations `apply` then refuses (e.g. a target out of range), but it
//! never omits a legal action kind. Prompts depend only on public state and
//! the seat's own hand, never on other seats' secrets.

use crate::action::Mark;
use crate::battle::{Interrupt, Step, allocations};
use crate::content::{PlotKind, Target, content, distance};
use crate::phase::{Phase, UpkeepStage};
use crate::state::{Rank, XMen};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};
use serde_json::json;

fn chars_opts(g: &XMen, seat: Seat, f: impl Fn(&crate::state::Character) -> bool) -> Vec<Opt> {
    g.players[seat as usize]
        .chars
        .iter()
        .filter(|c| f(c))
        .map(|c| Opt::new(c.id.id(), c.id.name()))
        .collect()
}

fn seat_opts(g: &XMen, f: impl Fn(Seat) -> bool) -> Vec<Opt> {
    (0..g.seats)
        .filter(|s| f(*s))
        .map(|s| Opt::new(s, g.who(s)))
        .collect()
}

/// Which offer between two Schools, when there has been more than one:
/// " (offer 2)"; the first needs no number.
fn offer_no(n: u8) -> String {
    if n == 0 { String::new() } else { format!(" (offer {})", n + 1) }
}

fn hexes(cells: Vec<[i32; 2]>) -> Input {
    Input::Hex { cells }
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
        let p = &g.players[seat as usize];
        let mut opts: Vec<Opt> = p
            .hand
            .iter()
            .filter(|c| c.card().trigger.as_deref() == Some(w.trigger.as_str()))
            .map(|c| Opt::new(c.key_str(), c.card().name.as_str()))
            .collect();
        opts.sort_by_key(|o| o.value.to_string());
        opts.dedup();
        let what = w.trigger.replace('_', " ");
        if !opts.is_empty() {
            asks.push(
                Ask::new("react", format!("Play a Reaction ({what})")).param(
                    "card",
                    "Reaction",
                    Input::One { options: opts },
                ),
            );
        }
        asks.push(Ask::new("decline", "Pass"));
        return Some(Prompt {
            title: format!("Reaction window: {what}"),
            asks,
        });
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
                    asks.push(Ask::new("recover", "Recover").param(
                        "characters",
                        "Characters",
                        Input::Many {
                            options: chars_opts(g, seat, |_| true),
                            min: 0,
                            max: 3,
                        },
                    ));
                }
                UpkeepStage::Advance => {
                    title = "Upkeep: Advance the Revolution".into();
                    let ready = chars_opts(g, seat, |c| c.power > 0);
                    if ready.len() >= 6 {
                        asks.push(
                            Ask::new("advance", "Advance (6 Characters spend 1 Power Token)")
                                .param(
                                    "characters",
                                    "Characters",
                                    Input::Many {
                                        options: ready,
                                        min: 6,
                                        max: 6,
                                    },
                                ),
                        );
                    }
                    asks.push(Ask::new("advance", "Do not advance").with("characters", json!([])));
                }
                UpkeepStage::AcquireHope => {
                    title = format!("Upkeep: Acquire Hope (you hold {} Hope)", p.hope);
                    let heroes = chars_opts(g, seat, |c| c.rank() == Rank::Hero);
                    let n = heroes.len() as u32;
                    asks.push(
                        Ask::new("acquire_hope", "Pay for these Heroes")
                            .param(
                                "keep",
                                "Heroes kept",
                                Input::Many {
                                    options: heroes,
                                    min: 0,
                                    max: n,
                                },
                            )
                            .param(
                                "penalty",
                                "If no Uninjured Hero or Student remains",
                                Input::One {
                                    options: vec![
                                        Opt::new("hope", "lose half my Hope"),
                                        Opt::new("rp", "lose 1 Revolution Point"),
                                    ],
                                },
                            ),
                    );
                }
            }
            if u.ordered.is_none() && !u.commits.contains_key(&seat) {
                asks.push(Ask::new(
                    "wait",
                    "Wait: do this stage in order from the Mission Commander",
                ));
            }
        }
        Phase::Plot(pl) => {
            title = format!("Plot Phase: {} now", g.who_verb(pl.current, "acts", "act"));
            let p = &g.players[seat as usize];
            if p.hope > 0 && g.seats > 1 {
                asks.push(
                    Ask::new("give_hope", "Give Hope Coins")
                        .param(
                            "to",
                            "To",
                            Input::One {
                                options: seat_opts(g, |s| s != seat),
                            },
                        )
                        .param(
                            "amount",
                            "Hope",
                            Input::Number {
                                min: 1,
                                max: p.hope as i64,
                            },
                        ),
                );
            }
            if let Some(ch) = &pl.chain {
                if ch.window.contains(seat) && !ch.answers.contains_key(&seat) {
                    let want = if ch.cards.len() == 1 {
                        "cancel_event"
                    } else {
                        "cancel_reaction"
                    };
                    let mut opts: Vec<Opt> = p
                        .hand
                        .iter()
                        .filter(|c| c.card().trigger.as_deref() == Some(want))
                        .map(|c| Opt::new(c.key_str(), c.card().name.as_str()))
                        .collect();
                    opts.dedup();
                    if !opts.is_empty() {
                        asks.push(Ask::new("react", "Cancel it with a Reaction").param(
                            "card",
                            "Reaction",
                            Input::One { options: opts },
                        ));
                    }
                    asks.push(Ask::new("decline", "Let it happen"));
                }
            } else if let Some(r) = pl
                .request
                .as_ref()
                .filter(|r| r.pledges.len() < g.seats as usize)
            {
                if seat != pl.current && !r.pledges.contains_key(&seat) {
                    asks.push(Ask::new("pledge", "Pledge Plot Points").param(
                        "amount",
                        "Plot Points",
                        Input::Number {
                            min: 0,
                            max: p.pp as i64,
                        },
                    ));
                }
            } else if seat == pl.current {
                let pledgers: Vec<Opt> = match &pl.request {
                    Some(r) => seat_opts(g, |s| {
                        r.pledges.get(&s).is_some_and(|n| *n > 0) && s != seat
                    }),
                    None => vec![],
                };
                let mut seen = vec![];
                for c in &p.hand {
                    let def = c.card();
                    if def.kind != PlotKind::Event || seen.contains(c) {
                        continue;
                    }
                    seen.push(*c);
                    let mut ask = Ask::new(
                        "play_event",
                        format!("Play {} ({} Plot Points)", def.name, def.plot),
                    )
                    .with("card", c.key_str());
                    let (opts, k) = match def.target {
                        Target::None => (vec![], 0),
                        Target::Any => (seat_opts(g, |_| true), 1),
                        Target::Another => (seat_opts(g, |s| s != seat), 1),
                        Target::TwoDifferent => (seat_opts(g, |_| true), 2),
                    };
                    if k > 0 {
                        ask = ask.param(
                            "targets",
                            "Target Schools",
                            Input::Many {
                                options: opts,
                                min: k,
                                max: k,
                            },
                        );
                    }
                    let needs = |op: &str| {
                        def.effects
                            .iter()
                            .chain(def.cost.iter())
                            .any(|e| e.op == op)
                    };
                    if needs("discard_own_student") {
                        ask = ask.param(
                            "character",
                            "Student to discard",
                            Input::One {
                                options: chars_opts(g, seat, |c| c.rank() == Rank::Student),
                            },
                        );
                    } else if needs("power_token") || needs("heal") {
                        let heal = needs("heal");
                        ask = ask.param(
                            "character",
                            "Character",
                            Input::One {
                                options: chars_opts(g, seat, |c| !heal || c.injured),
                            },
                        );
                    } else if needs("injure") {
                        let opts: Vec<Opt> = (0..g.seats)
                            .filter(|s| *s != seat)
                            .flat_map(|s| chars_opts(g, s, |c| c.rank() != Rank::Leader))
                            .collect();
                        ask = ask.param(
                            "character",
                            "Character to injure",
                            Input::One { options: opts },
                        );
                    }
                    if !pledgers.is_empty() {
                        let n = pledgers.len() as u32;
                        ask = ask.param(
                            "supporters",
                            if g.readings().every_pledge_held_aside() {
                                "Pledges used (the Event uses every one)"
                            } else {
                                "Accept pledges from"
                            },
                            Input::Many {
                                options: pledgers.clone(),
                                min: 0,
                                max: n,
                            },
                        );
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
                        let opts: Vec<Opt> = p
                            .hand
                            .iter()
                            .map(|c| {
                                Opt::new(
                                    c.key_str(),
                                    format!("{} ({} Hope)", c.card().name, c.card().hope),
                                )
                            })
                            .collect();
                        let n = opts.len() as u32;
                        asks.push(Ask::new("discard_for_hope", "Discard for Hope").param(
                            "cards",
                            "Cards",
                            Input::Many {
                                options: opts,
                                min: 1,
                                max: n,
                            },
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
            title = format!("Discard {k} cards to your Hand Size");
            let opts: Vec<Opt> = p
                .hand
                .iter()
                .map(|c| Opt::new(c.key_str(), c.card().name.as_str()))
                .collect();
            asks.push(Ask::new("discard_to_hand_size", "Discard").param(
                "cards",
                "Cards",
                Input::Many {
                    options: opts,
                    min: k,
                    max: k,
                },
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
                        Ask::new(
                            "accept",
                            format!("Accept the offer from {}{}", g.who(o.from), offer_no(o.n)),
                        )
                        .with("from", o.from)
                        .with("n", o.n),
                    );
                    asks.push(
                        Ask::new(
                            "reject",
                            format!("Decline the offer from {}{}", g.who(o.from), offer_no(o.n)),
                        )
                        .with("from", o.from)
                        .with("n", o.n),
                    );
                }
                if o.from == seat {
                    asks.push(
                        Ask::new(
                            "withdraw",
                            format!("Withdraw your offer to {}{}", g.who(o.to), offer_no(o.n)),
                        )
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
                        asks.push(
                            Ask::new("offer", format!("Offer a trade to {}", g.who(to)))
                                .with("to", to)
                                .param(
                                    "give",
                                    "You give",
                                    Input::Many {
                                        options: chars_opts(g, seat, |c| c.rank() != Rank::Leader),
                                        min: 0,
                                        max: 2,
                                    },
                                )
                                .param(
                                    "give_hope",
                                    "Hope you give",
                                    Input::Number {
                                        min: 0,
                                        max: p.hope.min(6) as i64,
                                    },
                                )
                                .param(
                                    "take",
                                    "You take",
                                    Input::Many {
                                        options: chars_opts(g, to, |c| c.rank() != Rank::Leader),
                                        min: 0,
                                        max: 2,
                                    },
                                )
                                .param(
                                    "take_hope",
                                    "Hope you take",
                                    Input::Number {
                                        min: 0,
                                        max: q.hope.min(6) as i64,
                                    },
                                ),
                        );
                    }
                }
                if !al.wait {
                    asks.push(Ask::new(
                        "wait",
                        "Wait: Secret Missions in order once everyone is ready",
                    ));
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
            let opts: Vec<Opt> = g
                .training_holders(seat, r.current)
                .into_iter()
                .map(|c| Opt::new(c.id(), c.name()))
                .collect();
            asks.push(Ask::new("train", "Train").param(
                "character",
                "Character",
                Input::One { options: opts },
            ));
        }
        Phase::Recruit(crate::phase::Recruit { auction, .. }) | Phase::McBid { auction, .. } => {
            if !auction.bidders.contains(seat) {
                return None;
            }
            title = match &g.phase {
                Phase::Recruit(r) => format!(
                    "Bid for {} (round {})",
                    r.current.card().name,
                    auction.round
                ),
                _ => format!("Bid for Mission Commander (round {})", auction.round),
            };
            asks.push(Ask::new("bid", "Lock your Bidding Dial").param(
                "value",
                "Hope",
                Input::Number {
                    min: 0,
                    max: g.dial_max(seat, auction) as i64,
                },
            ));
        }
        Phase::Invite(inv) => match inv.asking {
            None => {
                if seat != g.mc {
                    return None;
                }
                title = format!(
                    "Invite a School to Character Position {}",
                    inv.positions.len() + 1
                );
                asks.push(Ask::new("invite", "Invite").param(
                    "school",
                    "School",
                    Input::One {
                        options: seat_opts(g, |s| !inv.invited.contains(s)),
                    },
                ));
            }
            Some(a) => {
                if a != seat {
                    return None;
                }
                title = format!("{}: send a Character or refuse", inv.mission.card().name);
                let opts: Vec<Opt> = g
                    .eligible(seat, inv.mission)
                    .into_iter()
                    .map(|c| Opt::new(c.id(), c.name()))
                    .collect();
                if !opts.is_empty() {
                    asks.push(Ask::new("send", "Send").param(
                        "character",
                        "Character",
                        Input::One { options: opts },
                    ));
                }
                asks.push(Ask::new(
                    "refuse_invitation",
                    "Refuse (lose 1 Revolution Point)",
                ));
            }
        },
        Phase::Battle(b) => {
            if b.awaited() != Some(seat) {
                return None;
            }
            title = match b.mission {
                Some(m) => format!("{}: Mission Turn {}", m.card().name, b.turn),
                None => format!("Final Tournament: Mission Turn {}", b.turn),
            };
            if let Some(int) = &b.interrupt {
                match int {
                    Interrupt::Allocate { pc, damage, .. } => {
                        let opts: Vec<Opt> = allocations(b.pcs[*pc].stats, *damage)
                            .into_iter()
                            .map(|l| {
                                Opt::new(
                                    json!(l),
                                    format!("ATK -{}, DEF -{}, SPD -{}", l[0], l[1], l[2]),
                                )
                            })
                            .collect();
                        asks.push(
                            Ask::new(
                                "allocate",
                                format!("Allocate {damage} Damage to {}", b.pcs[*pc].who.name()),
                            )
                            .param(
                                "loss",
                                "Loss",
                                Input::One { options: opts },
                            ),
                        );
                    }
                    Interrupt::Guard { pc, .. } => {
                        let p = &g.players[seat as usize];
                        let mut opts: Vec<Opt> = p
                            .hand
                            .iter()
                            .filter(|c| c.card().trigger.as_deref() == Some("pc_attacked"))
                            .map(|c| Opt::new(c.key_str(), c.card().name.as_str()))
                            .collect();
                        opts.dedup();
                        if !opts.is_empty() {
                            asks.push(
                                Ask::new(
                                    "react",
                                    format!(
                                        "{} is attacked: play a Reaction",
                                        b.pcs[*pc].who.name()
                                    ),
                                )
                                .param(
                                    "card",
                                    "Reaction",
                                    Input::One { options: opts },
                                ),
                            );
                        }
                        asks.push(Ask::new("decline", "No Reaction"));
                    }
                    Interrupt::Penalty { who, .. } => {
                        asks.push(
                            Ask::new("penalty", format!("Pay the Hope Value of {}", who.name()))
                                .with("pay", true),
                        );
                        asks.push(
                            Ask::new("penalty", format!("Discard {}", who.name()))
                                .with("pay", false),
                        );
                    }
                    Interrupt::Claim { who, hope, .. } => {
                        asks.push(
                            Ask::new(
                                "claim",
                                format!("Pay {hope} Hope and recruit {}", who.card().name),
                            )
                            .with("recruit", true),
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
                        let opts: Vec<Opt> = b
                            .standing()
                            .into_iter()
                            .map(|i| Opt::new(b.pcs[i].seat, b.pcs[i].who.name()))
                            .collect();
                        asks.push(Ask::new("first", "This PC acts first").param(
                            "pc",
                            "PC",
                            Input::One { options: opts },
                        ));
                    }
                    Step::Act {
                        order, at, moved, ..
                    } => {
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
                        let school = p.school.unwrap_or(0);
                        let leader_in = b
                            .pcs
                            .iter()
                            .any(|x| x.seat == pc.seat && x.who.rank() == Rank::Leader);
                        let charter_ok =
                            pc.who.rank() != Rank::Leader && !leader_in && p.chars[0].power > 0;
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
                                targets.push(Opt::new(json!(Mark::Pc(q.seat)), q.who.name()));
                            }
                        }
                        for (i, t) in b.tokens.iter().enumerate() {
                            if t.alive && distance(t.hex, here) <= reach_range {
                                let name = &b.mission.unwrap().card().tokens[t.spec as usize].name;
                                targets.push(Opt::new(
                                    json!(Mark::Token(i as u8)),
                                    format!("{name} #{}", i + 1),
                                ));
                            }
                        }
                        if !targets.is_empty() {
                            let mut ask =
                                Ask::new("attack", format!("Attack with {}", pc.who.name())).param(
                                    "target",
                                    "Target",
                                    Input::One { options: targets },
                                );
                            if pw.is_some() && ch.power > 0 {
                                ask = ask.param(
                                    "power",
                                    "Power Tokens on its Power",
                                    Input::Number {
                                        min: 0,
                                        max: ch.power as i64,
                                    },
                                );
                            }
                            if charter_ok {
                                ask = ask.param(
                                    "charter",
                                    "Leader's Power Tokens on the Charter",
                                    Input::Number {
                                        min: 0,
                                        max: p.chars[0].power as i64,
                                    },
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
                                asks.push(
                                    Ask::new("regain", "Spend 1 Power Token to regain a lost stat")
                                        .param("stat", "Stat", Input::One { options: lost }),
                                );
                            }
                        }
                        if ch.power > 0 && ch.power("action").is_some() {
                            let near: Vec<Opt> = b
                                .pcs
                                .iter()
                                .filter(|q| {
                                    q.hex.is_some_and(|h| distance(h, here) <= 1)
                                        && q.stats != q.start
                                })
                                .map(|q| Opt::new(q.seat, q.who.name()))
                                .collect();
                            if !near.is_empty() {
                                let stats = ["atk", "def", "spd"]
                                    .iter()
                                    .map(|s| Opt::new(*s, s.to_uppercase()))
                                    .collect();
                                asks.push(
                                    Ask::new(
                                        "special",
                                        format!("Special Action: {}'s Power", pc.who.name()),
                                    )
                                    .param("pc", "PC", Input::One { options: near })
                                    .param(
                                        "stat",
                                        "Stat",
                                        Input::One { options: stats },
                                    ),
                                );
                            }
                        }
                        if let Some(sp) = b.mission.and_then(|m| m.card().special.as_ref()) {
                            let near: Vec<Opt> = b
                                .objectives
                                .iter()
                                .enumerate()
                                .filter(|(_, o)| {
                                    o.done_by.is_none() && distance(o.hex, here) <= sp.range as i32
                                })
                                .map(|(k, _)| {
                                    Opt::new(k as u64, format!("{} #{}", sp.objective, k + 1))
                                })
                                .collect();
                            if !near.is_empty() {
                                asks.push(
                                    Ask::new(
                                        "mission_action",
                                        format!("Special Action: {}", sp.name),
                                    )
                                    .param(
                                        "objective",
                                        sp.objective.as_str(),
                                        Input::One { options: near },
                                    ),
                                );
                            }
                        }
                        asks.push(Ask::new("end_actions", "End this PC's actions"));
                    }
                    Step::Tokens { pending, .. } if pending.len() > 1 => {
                        let (t, _) = pending[0];
                        let spec =
                            &b.mission.unwrap().card().tokens[b.tokens[t as usize].spec as usize];
                        let opts: Vec<Opt> = pending
                            .iter()
                            .map(|(_, i)| Opt::new(b.pcs[*i].seat, b.pcs[*i].who.name()))
                            .collect();
                        asks.push(
                            Ask::new(
                                "token_attack",
                                format!("{} #{} attacks this PC next", spec.name, t + 1),
                            )
                            .param(
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
                Input::One {
                    options: chars_opts(g, seat, |c| !c.injured),
                },
            ));
        }
    }
    if asks.is_empty() {
        None
    } else {
        Some(Prompt { title, asks })
    }
}

/// Secret Missions: any Uninjured Hero or Student that is not the School's
/// last Uninjured one of its rank (never a Leader).
fn secret_mission_ask(g: &XMen, seat: Seat) -> Option<Ask> {
    let p = &g.players[seat as usize];
    let opts = chars_opts(g, seat, |c| {
        c.rank() != Rank::Leader && !c.injured && p.uninjured(c.rank()) > 1
    });
    (!opts.is_empty()).then(|| {
        Ask::new("secret_mission", "Send on a Secret Mission").param(
            "character",
            "Character",
            Input::One { options: opts },
        )
    })
}
