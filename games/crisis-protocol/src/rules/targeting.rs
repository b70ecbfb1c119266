//! Choosing an attack and its target (Appendix A, A1–A2; digest §1.4): the
//! attack's cost is payable, the target is an enemy on the battlefield and
//! not Dazed, within range (a beam: the R`n` beam tool reaches it) and in
//! line of sight. Pure, below the attack pipeline, so the reactions that
//! offer an attack (Overwatch) and the powers that end in one (the Charge)
//! ask the same question without calling the pipeline.

use crate::content::{Effect, RangeKind};
use crate::geometry::{Disc, dist_discs, len, line_of_sight, sub, within};
use crate::state::Crisis;

/// Why `attacker` can't make attack `idx` against `target`, if it can't
/// (costs, targeting, range and line of sight; not whose turn it is).
pub fn target_refusal(g: &Crisis, attacker: usize, idx: usize, target: usize) -> Option<String> {
    let a = &g.models[attacker];
    let Some(atk) = a.card().sides.healthy.attacks.get(idx) else {
        return Some(format!("{} has no attack {idx}", a.card().name));
    };
    if a.power < atk.cost {
        return Some(format!("{} costs {} power; {} has {}", atk.name, atk.cost, a.card().name, a.power));
    }
    let Some(t) = g.models.get(target) else { return Some(format!("there is no character {target}")) };
    if t.owner == a.owner {
        return Some(format!("{} is an ally: an attack never targets an ally", t.card().name));
    }
    if !t.present() {
        return Some(format!("{} is not on the battlefield", t.card().name));
    }
    if t.dazed {
        return Some(format!("{} is Dazed: a Dazed character can't be targeted", t.card().name));
    }
    let geo = g.geo();
    let (ad, td) = (a.disc(geo), t.disc(geo));
    let in_range = match atk.range.kind {
        RangeKind::Beam => beam_touches(geo, ad, td.c, td, atk.range.n),
        _ => within(geo, dist_discs(ad, td), atk.range.n),
    };
    if !in_range {
        let d = dist_discs(ad, td);
        let shape = match atk.range.kind {
            RangeKind::Beam => format!("the R{} beam tool does not reach it", atk.range.n),
            _ => format!("it is {d:.1}\" away"),
        };
        return Some(format!("{} is beyond {}'s range {}: {shape}", t.card().name, atk.name, atk.range.n));
    }
    let ignore_los = atk.rules.iter().any(|r| matches!(r.effect, Effect::IgnoreLos {}));
    if !ignore_los && !line_of_sight(geo, ad, g.on(attacker), td, g.eff_size(target), g.pieces()) {
        return Some(format!(
            "{} is not in {}'s line of sight: terrain blocks every line between the bases",
            t.card().name,
            a.card().name
        ));
    }
    None
}

/// A beam n: the R`n` tool, R1 wide, its short side centred on and
/// tangent to the attacker's base, aimed at `aim`; does it touch `d`?
pub fn beam_touches(
    geo: &crate::content::GeometryConfig,
    from: Disc,
    aim: crate::geometry::Pt,
    d: Disc,
    n: u8,
) -> bool {
    let v = sub(aim, from.c);
    let l = len(v);
    if l < 1e-9 {
        return false;
    }
    let u = [v[0] / l, v[1] / l];
    let w = sub(d.c, from.c);
    let along_u = w[0] * u[0] + w[1] * u[1] - from.r;
    let across = (w[1] * u[0] - w[0] * u[1]).abs();
    let long = crate::geometry::range(geo, n);
    let half = crate::geometry::range(geo, 1) / 2.0;
    let dx = (-along_u).max(0.0).max(along_u - long);
    let dy = (across - half).max(0.0);
    dx.hypot(dy) <= d.r + geo.eps
}
