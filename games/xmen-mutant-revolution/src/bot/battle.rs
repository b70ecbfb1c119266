//! The bot's battle: answer the interrupts, and at each Mission Turn step attack the Mission Characters.

use super::*;

/// A Mission in play (or the Final Tournament's battle).
pub(super) fn battle(g: &XMen, seat: Seat, b: &Battle) -> Option<Action> {
    let p = &g.players[seat as usize];
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
                && let Some(k) =
                    b.objectives.iter().position(|o| o.done_by.is_none() && distance(o.hex, here) <= sp.range as i32)
            {
                return Some(Action::MissionAction { objective: k as u8 });
            }
            let attackable = alive
                .iter()
                .find(|(i, h)| distance(*h, here) <= pc.range as i32 && !pc.attacked.contains(&Mark::Token(*i as u8)));
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
            let (_, i) = pending.iter().min_by_key(|(_, i)| b.pcs[*i].stats.iter().map(|x| *x as u32).sum::<u32>())?;
            Some(Action::TokenAttack { pc: b.pcs[*i].seat })
        }
        Step::Tokens { todo, .. } => {
            let at = *todo.first()?;
            Some(Action::MoveToken { token: at, to: *b.token_moves(at as usize).first()? })
        }
    }
}
