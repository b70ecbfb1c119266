//! The battle's prompts: the interrupts (Damage, Reactions, defeat) and each Mission Turn step.

use super::*;

/// A Mission in play (or the Final Tournament's battle): the awaited PC's step.
pub(super) fn battle(g: &XMen, seat: Seat, b: &Battle) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    if b.awaited() != Some(seat) {
        return None;
    }
    let turn = match b.mission {
        Some(m) => format!("{}: Mission Turn {}", m.card().name, b.turn),
        None => format!("Final Tournament: Mission Turn {}", b.turn),
    };
    let title = match &b.interrupt {
        Some(int) => match interrupt_title(b, int) {
            Some(what) => format!("{what} ({turn})"),
            None => turn,
        },
        None => turn,
    };
    if let Some(int) = &b.interrupt {
        interrupt_asks(g, seat, b, int, &mut asks);
    } else {
        match &b.step {
            Step::Place => {
                asks.push(Ask::new("place", "Place the next Mission Token").param("hex", "Hex", hexes(b.placements())));
            }
            Step::First { .. } => {
                let opts: Vec<Opt> =
                    b.standing().into_iter().map(|i| Opt::new(b.pcs[i].seat, b.pcs[i].who.name())).collect();
                asks.push(Ask::new("first", "This PC acts first").param("pc", "PC", Input::One { options: opts }));
            }
            Step::Act { order, at, moved, .. } => act_asks(g, b, order[*at], *moved, &mut asks),
            Step::Tokens { pending, .. } if pending.len() > 1 => {
                let (t, _) = pending[0];
                let spec = &b.mission.unwrap().card().tokens[b.tokens[t as usize].spec as usize];
                let opts: Vec<Opt> =
                    pending.iter().map(|(_, i)| Opt::new(b.pcs[*i].seat, b.pcs[*i].who.name())).collect();
                asks.push(Ask::new("token_attack", format!("{} #{} attacks this PC next", spec.name, t + 1)).param(
                    "pc",
                    "PC",
                    Input::One { options: opts },
                ));
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
    finish(title, asks)
}

/// An interrupt of the battle: Damage to allocate, a Reaction to an attack,
/// a defeated Character's penalty, or its claim by the defeating School.
fn interrupt_asks(g: &XMen, seat: Seat, b: &Battle, int: &Interrupt, asks: &mut Vec<Ask>) {
    match int {
        Interrupt::Allocate { pc, damage, .. } => {
            let opts: Vec<Opt> = allocations(b.pcs[*pc].stats, *damage)
                .into_iter()
                .map(|l| Opt::new(json!(l), format!("ATK -{}, DEF -{}, SPD -{}", l[0], l[1], l[2])))
                .collect();
            asks.push(Ask::new("allocate", format!("Allocate {damage} Damage to {}", b.pcs[*pc].who.name())).param(
                "loss",
                "Loss",
                Input::One { options: opts },
            ));
        }
        Interrupt::Guard { pc, .. } => {
            let opts = reaction_opts(g, seat, "pc_attacked");
            if !opts.is_empty() {
                asks.push(settle(
                    Ask::new("react", format!("{} is attacked: play a Reaction", b.pcs[*pc].who.name())).param(
                        "card",
                        "Reaction",
                        Input::One { options: opts },
                    ),
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
}

/// The acting PC's actions (rulebook: Mission Turns): move, attack, its
/// Powers and Special Actions, or end its actions.
fn act_asks(g: &XMen, b: &Battle, pc: usize, moved: bool, asks: &mut Vec<Ask>) {
    let pc = &b.pcs[pc];
    let here = pc.hex.expect("acting PC stands");
    let reach = b.reachable(here, pc.stats[2]);
    if !reach.is_empty() {
        asks.push(Ask::new("move", format!("Move {}", pc.who.name())).param("to", "Hex", hexes(reach)));
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
                Opt::new(json!(m), q.who.name()).disabled_if(!again && pc.attacked.contains(&m), || {
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
            ask = ask.param("power", "Power Tokens on its Power", Input::Number { min: 0, max: ch.power as i64 });
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
    if moved && ch.power > 0 && ch.power("after_move").is_some() {
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
        let hurt: Vec<_> =
            b.pcs.iter().filter(|q| q.hex.is_some_and(|h| distance(h, here) <= 1) && q.stats != q.start).collect();
        let near: Vec<Opt> = hurt.iter().map(|q| Opt::new(q.seat, q.who.name())).collect();
        if !near.is_empty() {
            // Only lost stat points are restored.
            let stats = ["atk", "def", "spd"]
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let lost = hurt.iter().any(|q| q.stats[i] < q.start[i]);
                    Opt::new(*s, s.to_uppercase())
                        .disabled_if(!lost, || format!("no PC beside it has lost {}", s.to_uppercase()))
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
