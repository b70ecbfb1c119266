//! A heuristic bot: bids within its means, plays Events that score
//! Revolution Points, sends its strongest Character on Missions and attacks
//! the Mission Characters. Every choice is probed with `apply` on a clone;
//! an illegal idea falls back to a random legal action.

use crate::action::{Action, Mark};
use crate::battle::{Interrupt, Step, allocations};
use crate::content::{PlotKind, RecruitType, Target, distance};
use crate::phase::{Phase, UpkeepStage};
use crate::state::{CharKey, Rank, XMen};
use backroom_engine::{Game, GameRng, Seat};

fn strength(g: &XMen, seat: Seat, id: CharKey) -> u32 {
    let p = &g.players[seat as usize];
    p.find(id)
        .map(|i| {
            let a = p.chars[i].attributes();
            (a.atk + a.def + a.spd) as u32
        })
        .unwrap_or(0)
}

/// The bot's choice for `seat`, if it has an idea that is legal.
pub fn choose(g: &XMen, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    if !g.pending().awaited().contains(seat) {
        return None;
    }
    let a = idea(g, seat)?;
    let mut probe = g.clone();
    probe.dispatch(seat, &a, &mut rng.clone()).ok()?;
    Some(a)
}

fn idea(g: &XMen, seat: Seat) -> Option<Action> {
    let p = &g.players[seat as usize];
    if let Some(w) = g.windows.first() {
        return Some(
            match p
                .hand
                .iter()
                .find(|c| c.card().trigger.as_deref() == Some(w.trigger.as_str()) && c.card().plot <= p.pp)
            {
                Some(c) => Action::React { card: *c },
                None => Action::Decline,
            },
        );
    }
    match &g.phase {
        Phase::PickSchool { .. } => {
            let c = crate::content::content();
            let free =
                c.schools.iter().enumerate().find(|(i, _)| !g.players.iter().any(|p| p.school == Some(*i as u8)))?;
            Some(Action::PickSchool { school: free.1.id.clone() })
        }
        Phase::Upkeep(u) => Some(match u.stage {
            UpkeepStage::Recover => {
                let mut pick: Vec<CharKey> = p.chars.iter().filter(|c| c.injured).map(|c| c.id).collect();
                pick.extend(
                    p.chars.iter().filter(|c| !c.injured && c.power < g.readings().power_token_limit(c)).map(|c| c.id),
                );
                pick.truncate(3);
                Action::Recover { characters: pick }
            }
            UpkeepStage::Advance => {
                let ready: Vec<CharKey> = p.chars.iter().filter(|c| c.power > 0).map(|c| c.id).take(6).collect();
                Action::Advance { characters: if ready.len() == 6 { ready } else { vec![] } }
            }
            UpkeepStage::AcquireHope => {
                let income = p.count(Rank::Student) as u32 + p.chars.iter().filter(|c| c.triumph).count() as u32;
                let mut budget = p.hope + income;
                let mut keep = vec![];
                for c in p.chars.iter().filter(|c| c.rank() == Rank::Hero) {
                    if budget > 0 {
                        keep.push(c.id);
                        budget -= 1;
                    }
                }
                Action::AcquireHope { keep, penalty: Some("hope".into()) }
            }
        }),
        Phase::Plot(pl) => {
            if let Some(ch) = &pl.chain {
                let top = ch.cards.last()?;
                let rival = g.players[top.seat as usize].rp >= p.rp.max(3);
                let want = if ch.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
                let card = p.hand.iter().find(|c| c.card().trigger.as_deref() == Some(want) && c.card().plot <= p.pp);
                return Some(match (rival, card) {
                    (true, Some(c)) => Action::React { card: *c },
                    _ => Action::Decline,
                });
            }
            if pl.request.as_ref().is_some_and(|r| r.pledges.len() < g.seats as usize) {
                return Some(Action::Pledge { amount: 0 });
            }
            // Best Event we can pay alone: Revolution Points first.
            let leader = (0..g.seats)
                .filter(|s| *s != seat)
                .max_by_key(|s| (g.players[*s as usize].rp, g.players[*s as usize].hope));
            let weakest = (0..g.seats).filter(|s| *s != seat).min_by_key(|s| g.players[*s as usize].rp);
            let mut best: Option<(i32, Action)> = None;
            for c in &p.hand {
                let def = c.card();
                if def.kind != PlotKind::Event {
                    continue;
                }
                let targets = match def.target {
                    Target::None => vec![],
                    Target::Any | Target::Another => {
                        let hostile = def
                            .effects
                            .iter()
                            .any(|e| e.op.starts_with("lose") || e.op == "steal_hope" || e.op == "injure");
                        vec![if hostile || def.target == Target::Another { leader? } else { seat }]
                    }
                    Target::TwoDifferent => vec![seat, weakest?],
                };
                let character = if def.cost.iter().any(|e| e.op == "discard_own_student") {
                    p.chars
                        .iter()
                        .filter(|x| x.rank() == Rank::Student)
                        .min_by_key(|x| x.attributes().hope)
                        .map(|x| x.id)
                } else if def.effects.iter().any(|e| e.op == "injure") {
                    targets.first().and_then(|t| {
                        g.players[*t as usize]
                            .chars
                            .iter()
                            .find(|x| x.rank() != Rank::Leader && !x.injured)
                            .map(|x| x.id)
                    })
                } else if def.effects.iter().any(|e| e.op == "heal") {
                    p.chars.iter().find(|x| x.injured).map(|x| x.id)
                } else if def.effects.iter().any(|e| e.op == "power_token") {
                    p.chars.iter().find(|x| x.power < g.readings().power_token_limit(x)).map(|x| x.id)
                } else {
                    None
                };
                if g.check_event(seat, *c, &targets, character, &[]).is_err() {
                    continue;
                }
                let score: i32 = def
                    .effects
                    .iter()
                    .map(|e| match e.op.as_str() {
                        "gain_rp" => 10,
                        "lose_rp" => 6,
                        "gain_hope" | "steal_hope" => e.amount as i32,
                        _ => 1,
                    })
                    .sum();
                if best.as_ref().is_none_or(|b| b.0 < score) {
                    best = Some((score, Action::PlayEvent { card: *c, targets, character, supporters: vec![] }));
                }
            }
            if let Some((_, a)) = best {
                return Some(a);
            }
            if p.hand.len() > p.hand_size() {
                let extra: Vec<_> = p
                    .hand
                    .iter()
                    .copied()
                    .filter(|c| c.card().kind == PlotKind::Event)
                    .take(p.hand.len() - p.hand_size())
                    .collect();
                if !extra.is_empty() {
                    return Some(Action::DiscardForHope { cards: crate::action::HandCard::numbered(&extra) });
                }
            }
            Some(Action::Pass)
        }
        Phase::HandSize { .. } => {
            let k = p.hand.len().saturating_sub(p.hand_size());
            let mut hand = p.hand.clone();
            hand.sort_by_key(|c| (c.card().kind == PlotKind::Reaction, c.card().hope));
            Some(Action::DiscardToHandSize { cards: crate::action::HandCard::numbered(&hand[..k]) })
        }
        Phase::Allegiance(al) => {
            // Answer offers made to this School: accept a trade that gains
            // at least as much (Attribute totals + Hope) as it gives.
            if let Some(o) = al.offers.iter().find(|o| o.to == seat) {
                let gain: u32 = o.give.iter().map(|c| strength(g, o.from, *c)).sum::<u32>() + o.give_hope;
                let loss: u32 = o.take.iter().map(|c| strength(g, seat, *c)).sum::<u32>() + o.take_hope;
                return Some(if gain >= loss && gain > 0 {
                    Action::Accept { from: o.from, n: o.n }
                } else {
                    Action::Reject { from: o.from, n: o.n }
                });
            }
            Some(Action::Ready)
        }
        Phase::Recruit(r) => {
            if r.training_for == Some(seat) {
                let c = g.training_holders(seat, r.current).into_iter().max_by_key(|c| strength(g, seat, *c))?;
                return Some(Action::Train { character: c });
            }
            let card = r.current.card();
            let max = g.dial_max(seat, &r.auction) as u32;
            let heroes = p.count(Rank::Hero) as u32;
            let want = match card.kind {
                RecruitType::Student => card.hope as u32 + 2,
                RecruitType::Hero => (card.hope as u32 + 1).min(p.hope.saturating_sub(heroes + 2)),
                RecruitType::Training => 1,
            };
            Some(Action::Bid { value: want.min(max).min(9) as u8 })
        }
        Phase::McBid { auction, .. } => {
            let max = g.dial_max(seat, auction) as u32;
            Some(Action::Bid { value: (p.hope / 3).min(max).min(5) as u8 })
        }
        Phase::Invite(inv) => match inv.asking {
            None => {
                let next = g
                    .clockwise(g.mc)
                    .into_iter()
                    .skip(1)
                    .chain(std::iter::once(g.mc))
                    .find(|s| !inv.invited.contains(*s))?;
                Some(Action::Invite { school: next })
            }
            Some(_) => match g.eligible(seat, inv.mission).into_iter().max_by_key(|c| strength(g, seat, *c)) {
                Some(c) => Some(Action::Send { character: c }),
                None => Some(Action::RefuseInvitation),
            },
        },
        Phase::Battle(b) => {
            if let Some(int) = &b.interrupt {
                return Some(match int {
                    Interrupt::Allocate { pc, damage, .. } => {
                        let stats = b.pcs[*pc].stats;
                        let mine = b.pcs[*pc].seat == seat;
                        let best = allocations(stats, *damage).into_iter().max_by_key(|l| {
                            let after = [stats[0] - l[0], stats[1] - l[1], stats[2] - l[2]];
                            let key = (after.iter().filter(|x| **x > 0).count(), after[0], after[1]);
                            if mine {
                                (key.0 as i32, key.1 as i32, key.2 as i32)
                            } else {
                                (-(key.0 as i32), -(key.1 as i32), -(key.2 as i32))
                            }
                        })?;
                        Action::Allocate { loss: best }
                    }
                    Interrupt::Penalty { who, .. } => {
                        let i = p.find(*who)?;
                        Action::Penalty { pay: p.hope >= p.chars[i].attributes().hope as u32 }
                    }
                    Interrupt::Guard { .. } => {
                        let cost = XMen::cheapest("pc_attacked").unwrap_or(0);
                        match p
                            .hand
                            .iter()
                            .find(|c| c.card().trigger.as_deref() == Some("pc_attacked") && c.card().plot <= p.pp)
                        {
                            Some(c) if p.pp >= cost => Action::React { card: *c },
                            _ => Action::Decline,
                        }
                    }
                    Interrupt::Claim { hope, .. } => Action::Claim { recruit: p.hope >= *hope as u32 + 2 },
                });
            }
            match &b.step {
                Step::Place => {
                    let cells = b.placements();
                    let best = cells
                        .into_iter()
                        .min_by_key(|h| b.pcs.iter().filter_map(|p| p.hex).map(|p| distance(p, *h)).sum::<i32>())?;
                    Some(Action::Place { hex: best })
                }
                Step::First { .. } => {
                    let mine = b.pc_of(seat).filter(|i| b.pcs[*i].hex.is_some());
                    let pc = mine.map(|i| b.pcs[i].seat).or_else(|| b.standing().first().map(|i| b.pcs[*i].seat))?;
                    Some(Action::First { pc })
                }
                Step::Act { order, at, .. } => {
                    let pc = &b.pcs[order[*at]];
                    let here = pc.hex?;
                    let alive: Vec<(usize, [i32; 2])> =
                        b.tokens.iter().enumerate().filter(|(_, t)| t.alive).map(|(i, t)| (i, t.hex)).collect();
                    if let Some(sp) = b.mission.and_then(|m| m.card().special.as_ref())
                        && let Some(k) = b
                            .objectives
                            .iter()
                            .position(|o| o.done_by.is_none() && distance(o.hex, here) <= sp.range as i32)
                    {
                        return Some(Action::MissionAction { objective: k as u8 });
                    }
                    let attackable = alive.iter().find(|(i, h)| {
                        distance(*h, here) <= pc.range as i32 && !pc.attacked.contains(&Mark::Token(*i as u8))
                    });
                    if let Some((i, _)) = attackable {
                        return Some(Action::Attack { target: Mark::Token(*i as u8), power: 0, charter: 0 });
                    }
                    if alive.is_empty() {
                        // A tournament: attack the opponent or close in.
                        let foe = b.pcs.iter().find(|q| q.seat != pc.seat && q.hex.is_some())?;
                        let fh = foe.hex?;
                        if distance(fh, here) <= pc.range as i32 && !pc.attacked.contains(&Mark::Pc(foe.seat)) {
                            return Some(Action::Attack { target: Mark::Pc(foe.seat), power: 0, charter: 0 });
                        }
                        let to = b.reachable(here, pc.stats[2]).into_iter().min_by_key(|h| distance(*h, fh))?;
                        return (distance(to, fh) < distance(here, fh))
                            .then_some(Action::Move { to })
                            .or(Some(Action::EndActions));
                    }
                    let near = |h: [i32; 2]| alive.iter().map(|(_, t)| distance(*t, h)).min().unwrap_or(0);
                    match b.reachable(here, pc.stats[2]).into_iter().min_by_key(|h| near(*h)) {
                        Some(to) if near(to) < near(here) => Some(Action::Move { to }),
                        _ => Some(Action::EndActions),
                    }
                }
                Step::Tokens { pending, .. } if pending.len() > 1 => {
                    // The weakest PC in range first (fewest stat points).
                    let (_, i) =
                        pending.iter().min_by_key(|(_, i)| b.pcs[*i].stats.iter().map(|x| *x as u32).sum::<u32>())?;
                    Some(Action::TokenAttack { pc: b.pcs[*i].seat })
                }
                Step::Tokens { todo, .. } => {
                    let at = *todo.first()?;
                    Some(Action::MoveToken { token: at, to: *b.token_moves(at as usize).first()? })
                }
            }
        }
        Phase::TournamentPick(_) => {
            let c = p.chars.iter().filter(|c| !c.injured).max_by_key(|c| strength(g, seat, c.id))?;
            Some(Action::Champion { character: c.id })
        }
        Phase::Over { .. } => None,
    }
}
