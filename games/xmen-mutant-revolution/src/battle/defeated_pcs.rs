//! "Defeated PCs": a PC with a stat at 0 leaves the arena, and its owner
//! pays the defeat penalties by type and severity ("Defeated Students",
//! "Defeated Heroes", "Defeated Leaders"). Separate because the penalties
//! reach outside the arena, into the School's Characters and Revolution
//! Points.

use super::{Interrupt, battle_mut};
use crate::state::{CharKey, Log, Rank, XMen};
use backroom_engine::Seat;

impl XMen {
    pub(super) fn defeat(&mut self, pc: usize, zeros: u8, by: Option<Seat>, log: &mut Log<'_>) {
        let b = battle_mut(self);
        b.pcs[pc].hex = None;
        let (seat, who) = (b.pcs[pc].seat, b.pcs[pc].who);
        let mission = b.mission.is_some();
        let severity = ["", "knocked out", "badly injured", "hospitalized"][zeros as usize];
        log.note(format!("{} is defeated ({severity}).", who.name()));
        if mission {
            // The trigger point 'character defeated' (G11): the actor is the
            // School whose attack defeated it (the controller for a Mission
            // Character's attack).
            let actor = by.unwrap_or(battle_mut(self).controller);
            self.penalties(seat, who, zeros, by);
            self.open_trigger_window("character_defeated", Some(actor), log);
            self.control_transfer();
        }
    }

    /// Defeat penalties by type and severity ("Defeated Students", "Defeated
    /// Heroes", "Defeated Leaders").
    fn penalties(&mut self, seat: Seat, who: CharKey, zeros: u8, by: Option<Seat>) {
        let p = &mut self.players[seat as usize];
        let Some(i) = p.find(who) else { return };
        p.chars[i].power = 0;
        p.chars[i].triumph = false;
        let by = by.filter(|v| *v != seat);
        match who.rank() {
            Rank::Leader => {
                p.add_rp(-1);
                p.lose_hope(6);
                if zeros >= 2 {
                    p.chars[i].injured = true;
                }
                if zeros >= 3 {
                    p.add_rp(-1);
                }
            }
            rank => {
                if rank == Rank::Hero {
                    p.add_rp(-1);
                }
                if zeros >= 3 {
                    self.discard_character(seat, i);
                } else {
                    if zeros == 2 {
                        p.chars[i].injured = true;
                    }
                    battle_mut(self).interrupt = Some(Interrupt::Penalty { seat, who, by });
                }
            }
        }
    }
}
