//! The bot's Upkeep: recover the Injured first, then the Characters short of Power Tokens; pay its costs.

use super::*;

/// The Upkeep Phase, by stage.
pub(super) fn upkeep(g: &XMen, seat: Seat, u: &Upkeep) -> Option<Action> {
    let p = &g.players[seat as usize];
    Some(match u.stage {
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
    })
}
