//! The bot's Plot Phase: Events that score Revolution Points, support, trades and Secret Missions.

use super::*;

/// The Plot Phase: its own turn, or an answer to another School's.
pub(super) fn plot(g: &XMen, seat: Seat, pl: &Plot) -> Option<Action> {
    let p = &g.players[seat as usize];
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
    let leader =
        (0..g.seats).filter(|s| *s != seat).max_by_key(|s| (g.players[*s as usize].rp, g.players[*s as usize].hope));
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
                let hostile =
                    def.effects.iter().any(|e| e.op.starts_with("lose") || e.op == "steal_hope" || e.op == "injure");
                vec![if hostile || def.target == Target::Another { leader? } else { seat }]
            }
            Target::TwoDifferent => vec![seat, weakest?],
        };
        let character = if def.cost.iter().any(|e| e.op == "discard_own_student") {
            p.chars.iter().filter(|x| x.rank() == Rank::Student).min_by_key(|x| x.attributes().hope).map(|x| x.id)
        } else if def.effects.iter().any(|e| e.op == "injure") {
            targets.first().and_then(|t| {
                g.players[*t as usize].chars.iter().find(|x| x.rank() != Rank::Leader && !x.injured).map(|x| x.id)
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
            return Some(Action::DiscardForHope { cards: crate::state::HandCard::numbered(&extra) });
        }
    }
    Some(Action::Pass)
}
