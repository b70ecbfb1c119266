//! Checking effects, ongoing rules and triggers against the
//! [`crate::content::effect`] vocabulary: area ids that exist, "this" only where an
//! area is meant, shapes the engine can resolve. Separate because areas,
//! factions, cards and upgrades all carry effects and share these checks.

use super::parse::err;
use crate::content::effect::{Effect, Ongoing, Place, Trigger, Who};
use backroom_engine::ContentError;
use std::collections::HashSet;

/// Where effects are resolved, for the checks that depend on it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Context {
    /// In an area (local cards, tokens, skills): "this" is meaningful.
    InArea,
    /// Not tied to an area (global cards).
    Global,
}

pub(super) struct Checker<'a> {
    pub(super) file: &'static str,
    pub(super) entry: &'a str,
    pub(super) area_ids: &'a HashSet<String>,
}

impl Checker<'_> {
    pub(super) fn fail(&self, field: &str, message: impl Into<String>) -> ContentError {
        err(self.file, Some(self.entry), Some(field), message)
    }

    pub(super) fn area(&self, field: &str, id: &str) -> Result<(), ContentError> {
        if self.area_ids.contains(id) { Ok(()) } else { Err(self.fail(field, format!("unknown area \"{id}\""))) }
    }

    pub(super) fn effects(&self, field: &str, effects: &[Effect], ctx: Context) -> Result<(), ContentError> {
        for (i, e) in effects.iter().enumerate() {
            let f = format!("{field}[{i}]");
            self.effect(&f, e, ctx)?;
        }
        Ok(())
    }

    fn effect(&self, f: &str, e: &Effect, ctx: Context) -> Result<(), ContentError> {
        use crate::content::effect::{Max, SacrificeCount};
        if ctx == Context::Global {
            let mut this = None;
            e.places(&mut |p, pl| {
                if pl == Place::This && this.is_none() {
                    this = Some(p.to_string());
                }
            });
            if let Some(p) = this {
                return Err(self.fail(&format!("{f}.{p}"), "\"this\" area in a global effect (make the card local)"));
            }
            let global_here = matches!(e, Effect::Sacrifice(s) if s.who != Who::EveryPlayer);
            if e.needs_area() || global_here {
                return Err(
                    self.fail(f, "this effect acts on \"this area\"; a global effect has none (make the card local)")
                );
            }
        }
        let positive = |field: &str, n: u8| {
            if n == 0 { Err(self.fail(&format!("{f}.{field}"), "must be at least 1")) } else { Ok(()) }
        };
        let die = |field: &str, v: u8| {
            if (1..=10).contains(&v) {
                Ok(())
            } else {
                Err(self.fail(&format!("{f}.{field}"), format!("{v} is not a d10 roll (1-10)")))
            }
        };
        match e {
            Effect::Gain(g) => positive("gain.resources", g.resources)?,
            Effect::Draw(n) => positive("draw", *n)?,
            Effect::OpponentsPay(n) => positive("opponents_pay", *n)?,
            Effect::OpponentsDiscard(n) => positive("opponents_discard", *n)?,
            Effect::Deploy(d) => {
                if let Max::Count(n) = d.max {
                    positive("deploy.max", n)?;
                    if d.min > n {
                        return Err(self.fail(&format!("{f}.deploy.min"), format!("{} is more than max {n}", d.min)));
                    }
                }
                if let Some(types) = &d.types
                    && types.is_empty()
                {
                    return Err(
                        self.fail(&format!("{f}.deploy.types"), "an empty list allows no unit; leave it out for all")
                    );
                }
            }
            Effect::MoveUnits(m) => {
                if let Max::Count(n) = m.max {
                    positive("move_units.max", n)?;
                }
                if m.max == Max::Word(crate::content::effect::MaxWord::DeployLimit) {
                    return Err(self.fail(&format!("{f}.move_units.max"), "moves are not limited by the deploy limit"));
                }
            }
            Effect::Attacks(a) => {
                positive("attacks.count", a.count)?;
                die("attacks.value", a.value)?;
            }
            Effect::Hits(h) => positive("hits.count", h.count)?,
            Effect::Sacrifice(s) => {
                if let SacrificeCount::Count(n) = s.count {
                    positive("sacrifice.count", n)?;
                }
            }
            Effect::MaySacrificeOwnUnit { then } => {
                if then.is_empty() {
                    return Err(self.fail(&format!("{f}.may_sacrifice_own_unit.then"), "nothing follows the sacrifice"));
                }
                self.effects(&format!("{f}.may_sacrifice_own_unit.then"), then, ctx)?;
            }
            Effect::ForbidUntilCleanup(v) if v.is_empty() => {
                return Err(self.fail(&format!("{f}.forbid_until_cleanup"), "forbids nothing"));
            }
            Effect::PlaceFromReserves(p) if p.own == 0 && p.one_opponent == 0 => {
                return Err(self.fail(&format!("{f}.place_from_reserves"), "places no unit"));
            }
            Effect::ActAs(v) if v.is_empty() => {
                return Err(self.fail(&format!("{f}.act_as"), "names no token type"));
            }
            Effect::RevealTopCard(r) => self.area(&format!("{f}.reveal_top_card.play_free_in"), &r.play_free_in)?,
            Effect::CancelHit(c) => positive("cancel_hit.cost", c.cost)?,
            _ => {}
        }
        Ok(())
    }

    pub(super) fn ongoing(&self, field: &str, rules: &[Ongoing]) -> Result<(), ContentError> {
        for (i, o) in rules.iter().enumerate() {
            let f = format!("{field}[{i}]");
            match o {
                Ongoing::PeekEnemyTargets { count, all_if_controls } => {
                    if *count == 0 {
                        return Err(self.fail(&format!("{f}.peek_enemy_targets.count"), "must be at least 1"));
                    }
                    if let Some(a) = all_if_controls {
                        self.area(&format!("{f}.peek_enemy_targets.all_if_controls"), a)?;
                    }
                }
                Ongoing::PatsyAttack(dice) => {
                    for (j, v) in dice.iter().enumerate() {
                        if !(1..=10).contains(v) {
                            return Err(
                                self.fail(&format!("{f}.patsy_attack[{j}]"), format!("{v} is not a d10 roll (1-10)"))
                            );
                        }
                    }
                }
                Ongoing::DeployLimit(0)
                | Ongoing::AttackModifier(0)
                | Ongoing::DefenceModifier(0)
                | Ongoing::Influence(0) => {
                    return Err(self.fail(&f, "a change of 0 changes nothing"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    pub(super) fn triggers(
        &self,
        field: &str,
        triggers: &[Trigger],
        allowed: fn(crate::content::effect::When) -> bool,
        what: &str,
    ) -> Result<(), ContentError> {
        for (i, t) in triggers.iter().enumerate() {
            let f = format!("{field}[{i}]");
            if !allowed(t.when) {
                return Err(self.fail(&format!("{f}.when"), format!("{:?} is not a trigger {what} can have", t.when)));
            }
            if t.effects.is_empty() {
                return Err(self.fail(&format!("{f}.effects"), "a trigger with no effect"));
            }
            self.effects(&format!("{f}.effects"), &t.effects, Context::InArea)?;
            self.trigger_shape(&f, t)?;
        }
        Ok(())
    }

    /// The shapes the engine interprets for the triggers that wait on a
    /// choice (`abilities`).
    fn trigger_shape(&self, f: &str, t: &Trigger) -> Result<(), ContentError> {
        use crate::content::effect::{Effect, Max, UnitCost, When};
        if t.when == When::Cleanup {
            let mut healed = false;
            for (j, e) in t.effects.iter().enumerate() {
                match e {
                    Effect::Heal(_) => healed = true,
                    Effect::Deploy(d)
                        if healed
                            && d.once_per_area
                            && d.to == crate::content::effect::Place::This
                            && d.max == Max::Count(1)
                            && d.unit_cost == UnitCost::Free => {}
                    _ => {
                        return Err(self.fail(
                            &format!("{f}.effects[{j}]"),
                            "at Cleanup a champion heals, then may deploy one unit free once \
                             per area where it healed (heal, then deploy to \"this\", max 1, \
                             free, once_per_area)",
                        ));
                    }
                }
            }
        }
        for (j, e) in t.effects.iter().enumerate() {
            let fits = match e {
                Effect::CancelHit(_) => t.when == When::HitAssignedHere,
                Effect::UnitAttack(u) if u.attacker == crate::content::effect::Attacker::ThisUnit => {
                    t.when == When::ExhaustedForSkill && u.into == crate::content::effect::Place::Adjacent
                }
                _ => true,
            };
            if !fits {
                return Err(self.fail(
                    &format!("{f}.effects[{j}]"),
                    "a hit is cancelled only when assigned here (hit_assigned_here); the \
                     champion's own attack only into an adjacent area after a skill \
                     (exhausted_for_skill)",
                ));
            }
        }
        let chosen_one = |e: &Effect| {
            matches!(
                e,
                Effect::Sacrifice(crate::content::effect::Sacrifice {
                    who: Who::ChosenOpponentWithUnitsHere,
                    count: crate::content::effect::SacrificeCount::Count(1),
                })
            )
        };
        if t.when == When::ChampionDeployed
            && !t
                .effects
                .iter()
                .all(|e| matches!(e, Effect::Attacks(a) if a.place == crate::content::effect::Place::This))
        {
            return Err(self.fail(
                &format!("{f}.effects"),
                "when the champion is deployed the upgrade's only effect is attacks in \"this\" \
                 area",
            ));
        }
        if t.when == When::LeavesArea && !t.effects.iter().all(chosen_one) {
            return Err(self.fail(
                &format!("{f}.effects"),
                "when a champion leaves an area the only effect is one sacrifice by an opponent \
                 chosen there (sacrifice, who chosen_opponent_with_units_here, count 1)",
            ));
        }
        if t.when == When::HitAssignedHere && !t.effects.iter().all(|e| matches!(e, Effect::CancelHit(_))) {
            return Err(self.fail(&format!("{f}.effects"), "when a hit is assigned here the only effect is cancel_hit"));
        }
        Ok(())
    }
}

pub(super) fn attack_dice(c: &Checker<'_>, field: &str, dice: &[u8]) -> Result<(), ContentError> {
    for (j, v) in dice.iter().enumerate() {
        if !(1..=10).contains(v) {
            return Err(c.fail(&format!("{field}[{j}]"), format!("{v} is not a d10 roll (1-10)")));
        }
    }
    Ok(())
}
