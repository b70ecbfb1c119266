//! Loading and validating a content document: serde reads the records,
//! then the checks serde cannot make (a Character's stats are 1 to 6, an
//! Event's effects are known ops, a Mission's objective hexes are open, the
//! arena is connected, ids are unique), one function per record family.
//! Every mistake is a [`ContentError`] naming the record and the field.

use super::{
    Arena, Content, ContentError, GRID, Kind, MissionCard, PlotCard, PlotKind, Power, RecruitCard, RecruitType, School,
    TRIGGER_OPS, TRIGGERS, Target, cell, distance, neighbours,
};
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    recruit: Vec<RecruitCard>,
    plot: Vec<PlotCard>,
    missions: Vec<MissionCard>,
    schools: Vec<School>,
    arena: Arena,
}

const EFFECT_OPS: &[&str] = &[
    "gain_hope",
    "lose_hope",
    "steal_hope",
    "gain_rp",
    "lose_rp",
    "gain_pp",
    "lose_pp",
    "draw",
    "power_token",
    "heal",
    "injure",
];
const COST_OPS: &[&str] = &["discard_own_student", "pay_hope"];
const POWERS: &[(&str, &str)] = &[
    ("plot", "gain_hope"),
    ("plot", "draw"),
    ("attack", "attack_dice"),
    ("attack", "range"),
    ("attack", "repeat_target"),
    ("attack", "allocate_damage"),
    ("after_move", "regain_stat"),
    ("action", "restore"),
];

impl Content {
    /// Reads and validates a whole content document: an object with
    /// `recruit`, `plot`, `missions`, `schools` and `arena`.
    ///
    /// # Errors
    /// A [`ContentError`] naming the record and what is wrong with it.
    pub fn from_json(text: &str) -> Result<Content, ContentError> {
        let raw: Raw = serde_json::from_str(text).map_err(|e| ContentError(e.to_string()))?;
        Self::from_raw(raw)
    }

    fn from_raw(raw: Raw) -> Result<Content, ContentError> {
        let mut index = HashMap::new();
        for (i, c) in raw.recruit.iter().enumerate() {
            claim(&mut index, &c.id, Kind::Recruit, i)?;
            check_recruit(c)?;
        }
        check_starting_characters(&raw.recruit)?;
        for (i, p) in raw.plot.iter().enumerate() {
            claim(&mut index, &p.id, Kind::Plot, i)?;
            check_plot(p)?;
        }
        if !raw.plot.iter().any(|p| p.kind == PlotKind::Event) {
            return bad("the Plot Deck has no Event".into());
        }
        for (i, m) in raw.missions.iter().enumerate() {
            claim(&mut index, &m.id, Kind::Mission, i)?;
            check_mission(m, &raw.arena)?;
        }
        if raw.missions.is_empty() {
            return bad("the Mission Deck is empty".into());
        }
        check_schools(&raw.schools)?;
        check_arena(&raw)?;
        let mut raw = raw;
        raw.arena.fill_grid();
        Ok(Content {
            recruit: raw.recruit,
            plot: raw.plot,
            missions: raw.missions,
            schools: raw.schools,
            arena: raw.arena,
            index,
        })
    }
}

fn bad<T>(m: String) -> Result<T, ContentError> {
    Err(ContentError(m))
}

/// Enters a record's id in the index: ids are unique across all decks.
fn claim(index: &mut HashMap<String, (Kind, u16)>, id: &str, k: Kind, i: usize) -> Result<(), ContentError> {
    if id.is_empty() {
        return Err(ContentError("a record has an empty id".into()));
    }
    if index.insert(id.to_string(), (k, i as u16)).is_some() {
        return Err(ContentError(format!("the id '{id}' is used twice")));
    }
    Ok(())
}

/// A Recruit card: a Character's stats and Power Tokens, or a Training
/// Card's restriction.
fn check_recruit(c: &RecruitCard) -> Result<(), ContentError> {
    match c.kind {
        RecruitType::Hero | RecruitType::Student => {
            for (n, v) in [("atk", c.atk), ("def", c.def), ("spd", c.spd), ("range", c.range)] {
                if !(1..=6).contains(&v) {
                    return bad(format!("recruit card '{}': {n} must be 1 to 6, not {v}", c.id));
                }
            }
            if c.power_limit == 0 {
                return bad(format!("recruit card '{}': a Character needs a Power Token limit", c.id));
            }
            if c.power_limit < c.kind.arrival_tokens() {
                return bad(format!(
                    "recruit card '{}': power_limit {} is below the {} Power Tokens a {} arrives with",
                    c.id,
                    c.power_limit,
                    c.kind.arrival_tokens(),
                    if c.kind == RecruitType::Hero { "Hero" } else { "Student" }
                ));
            }
            check_powers(&c.id, &c.powers)
        }
        RecruitType::Training => {
            if c.starting {
                return bad(format!("recruit card '{}': a Training Card cannot be a starting Character", c.id));
            }
            match c.restriction.as_deref() {
                None | Some("any" | "hero" | "student") => Ok(()),
                Some(o) => bad(format!("recruit card '{}': unknown restriction '{o}'", c.id)),
            }
        }
    }
}

/// Setup S4: 1 Hero and 2 Students per School, for four Schools.
fn check_starting_characters(recruit: &[RecruitCard]) -> Result<(), ContentError> {
    let count = |t: RecruitType, s: bool| recruit.iter().filter(|c| c.kind == t && (!s || c.starting)).count();
    if count(RecruitType::Hero, true) < 4 || count(RecruitType::Student, true) < 8 {
        return bad(format!(
            "the Recruit Deck needs at least 4 starting Heroes and 8 starting Students (1 Hero and 2 Students per School), it has {} and {}",
            count(RecruitType::Hero, true),
            count(RecruitType::Student, true)
        ));
    }
    Ok(())
}

/// A Plot Card: its copies and Plot Value, then its Event or Reaction text.
fn check_plot(p: &PlotCard) -> Result<(), ContentError> {
    if p.copies == 0 {
        return bad(format!("plot card '{}': copies must be at least 1", p.id));
    }
    if p.plot > 6 {
        return bad(format!("plot card '{}': a Plot Value above 6 can never be paid", p.id));
    }
    match p.kind {
        PlotKind::Event => check_event(p),
        PlotKind::Reaction => check_reaction(p),
    }
}

/// An Event: known effects, each to self, targets or all, and known costs.
fn check_event(p: &PlotCard) -> Result<(), ContentError> {
    if p.effects.is_empty() {
        return bad(format!("plot card '{}': an Event needs at least one effect", p.id));
    }
    for e in &p.effects {
        if !EFFECT_OPS.contains(&e.op.as_str()) {
            return bad(format!("plot card '{}': unknown effect '{}' (known: {})", p.id, e.op, EFFECT_OPS.join(", ")));
        }
        if !matches!(e.to.as_str(), "self" | "targets" | "all") {
            return bad(format!(
                "plot card '{}': effect '{}' goes to '{}', not self, targets or all",
                p.id, e.op, e.to
            ));
        }
        if e.to == "targets" && p.target == Target::None {
            return bad(format!("plot card '{}': effect '{}' goes to targets but the card names none", p.id, e.op));
        }
    }
    for e in &p.cost {
        if !COST_OPS.contains(&e.op.as_str()) {
            return bad(format!("plot card '{}': unknown cost '{}' (known: {})", p.id, e.op, COST_OPS.join(", ")));
        }
    }
    Ok(())
}

/// A Reaction: its trigger, and the effects that trigger allows.
fn check_reaction(p: &PlotCard) -> Result<(), ContentError> {
    match p.trigger.as_deref() {
        Some("cancel_event" | "cancel_reaction") => Ok(()),
        Some("pc_attacked") => {
            if p.effects.is_empty() || p.effects.iter().any(|e| e.op != "defense_dice" || e.amount == 0) {
                return bad(format!(
                    "plot card '{}': a pc_attacked Reaction needs defense_dice effects with an amount",
                    p.id
                ));
            }
            Ok(())
        }
        Some(t) if TRIGGERS.contains(&t) => {
            if p.effects.is_empty() {
                return bad(format!("plot card '{}': a {t} Reaction needs at least one effect", p.id));
            }
            for e in &p.effects {
                if !TRIGGER_OPS.contains(&e.op.as_str()) || !matches!(e.to.as_str(), "self" | "actor") {
                    return bad(format!(
                        "plot card '{}': a {t} Reaction's effects are {} to self or actor, not '{}' to '{}'",
                        p.id,
                        TRIGGER_OPS.join(", "),
                        e.op,
                        e.to
                    ));
                }
            }
            Ok(())
        }
        other => bad(format!(
            "plot card '{}': a Reaction needs trigger cancel_event, cancel_reaction, pc_attacked, {}, not {other:?}",
            p.id,
            TRIGGERS.join(", ")
        )),
    }
}

/// A Mission: its Mission Tokens, Mission Characters, Special Action and
/// rewards.
fn check_mission(m: &MissionCard, arena: &Arena) -> Result<(), ContentError> {
    let total: usize = m.tokens.iter().map(|t| t.count as usize).sum();
    if total == 0 || total > 12 {
        return bad(format!("mission '{}': it must place 1 to 12 Mission Tokens, not {total}", m.id));
    }
    for t in &m.tokens {
        if t.hp == 0 || t.moves == 0 || t.range == 0 {
            return bad(format!("mission '{}': token '{}' needs hp, move and range of at least 1", m.id, t.name));
        }
    }
    if m.max_characters == 1 {
        return bad(format!("mission '{}': a Mission for 1 Character ends before it starts", m.id));
    }
    if let Some(sp) = &m.special {
        if sp.hexes.is_empty() || sp.hexes.len() > 6 || sp.range > 3 {
            return bad(format!(
                "mission '{}': its Special Action needs 1 to 6 objective hexes and a range of 0 to 3",
                m.id
            ));
        }
        for (k, h) in sp.hexes.iter().enumerate() {
            if !arena.open(*h) || sp.hexes[..k].contains(h) {
                return bad(format!("mission '{}': objective hex {h:?} is not a distinct open arena hex", m.id));
            }
        }
    }
    for r in &m.rewards {
        if r.criterion == "most_specials" && m.special.is_none() {
            return bad(format!("mission '{}': the reward most_specials needs a Special Action", m.id));
        }
        if !matches!(r.criterion.as_str(), "most_damage" | "most_destroyed" | "most_specials") {
            return bad(format!("mission '{}': unknown reward criterion '{}'", m.id, r.criterion));
        }
    }
    Ok(())
}

/// The four Schools: hand sizes, the Leader's powers, the Charter.
fn check_schools(schools: &[School]) -> Result<(), ContentError> {
    if schools.len() != 4 {
        return bad(format!("there must be 4 Schools, not {}", schools.len()));
    }
    for s in schools {
        if s.hand_size.len() != 7 {
            return bad(format!("school '{}': hand_size needs one entry per Revolution Point 0..6", s.id));
        }
        check_powers(&s.leader.id, &s.leader.powers)?;
        if !matches!(s.charter.op.as_str(), "range" | "attack_dice") {
            return bad(format!("school '{}': unknown Charter op '{}'", s.id, s.charter.op));
        }
        if s.leader.power_limit == 0 {
            return bad(format!("school '{}': the Leader needs a Power Token limit", s.id));
        }
    }
    Ok(())
}

fn check_powers(id: &str, powers: &[Power]) -> Result<(), ContentError> {
    for p in powers {
        if !POWERS.contains(&(p.timing.as_str(), p.op.as_str())) {
            return Err(ContentError(format!("'{id}': unknown power {}/{}", p.timing, p.op)));
        }
        if (p.timing == "plot" || p.timing == "action") && p.amount == 0 {
            return Err(ContentError(format!("'{id}': a {} power needs an amount", p.timing)));
        }
    }
    Ok(())
}

fn check_arena(raw: &Raw) -> Result<(), ContentError> {
    let a = &raw.arena;
    let bad = |m: String| Err(ContentError(format!("arena: {m}")));
    if let Some(h) = a.hexes.iter().find(|h| cell(**h).is_none()) {
        return bad(format!("hex {h:?} is outside -{GRID}..={GRID}"));
    }
    for o in &a.obstacles {
        if !a.hexes.contains(o) {
            return bad(format!("obstacle {o:?} is not an arena hex"));
        }
    }
    for n in 2..=4usize {
        let pos: Vec<[i32; 2]> = (0..n).map(|p| a.entry(p, n)).collect();
        for (i, h) in pos.iter().enumerate() {
            if !a.open(*h) {
                return bad(format!("position {} for {n} participants {h:?} is not an open hex", i + 1));
            }
            if pos[..i].contains(h) {
                return bad(format!("two positions share {h:?} for {n} participants"));
            }
        }
        if n >= 2 && !a.pos2.contains_key(&n.to_string()) {
            return bad(format!("no Position 2 Hex for {n} participants"));
        }
        if n >= 3 && !a.pos3.contains_key(&n.to_string()) {
            return bad(format!("no Position 3 Hex for {n} participants"));
        }
        for m in &raw.missions {
            for t in &m.tokens {
                let room = a
                    .hexes
                    .iter()
                    .filter(|h| a.open(**h) && pos.iter().all(|p| distance(*p, **h) >= t.min_distance as i32))
                    .count();
                if room < t.count as usize {
                    return bad(format!(
                        "mission '{}': only {room} hexes are {} or more from the {n} positions, {} tokens '{}' must go there",
                        m.id, t.min_distance, t.count, t.name
                    ));
                }
            }
        }
    }
    // Connected: every open hex reachable from Position 1.
    let open: Vec<[i32; 2]> = a.hexes.iter().copied().filter(|h| a.open(*h)).collect();
    let mut seen = vec![a.pos1];
    let mut i = 0;
    while i < seen.len() {
        for n in neighbours(seen[i]) {
            if a.open(n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    if seen.len() != open.len() {
        return bad(format!("{} open hexes cannot be reached from Position 1", open.len() - seen.len()));
    }
    Ok(())
}
