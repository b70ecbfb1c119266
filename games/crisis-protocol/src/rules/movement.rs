//! Advancing and climbing with the S, M and L movement tools (digest
//! §1.6, §2.4): where the tool lies, what it may pass over, and whether an
//! end position is legal. The client proposes a [`Plan`]; this module is
//! the judge. [`candidates`] lists a bounded set of legal plans (each tool
//! straight out in 16 directions, the longest also bent at its pivot) so
//! prompts and bots can offer them.

use crate::content::{GeometryConfig, Tool};
use crate::geometry::{
    self, Disc, Piece, Pt, along, capsule_enters, discs_overlap, fully_on, len, on_table, overlaps, quantize_pt, sub,
    unit,
};

pub use crate::action::Plan;

/// The mover and its surroundings.
#[derive(Clone, Debug)]
pub struct Mover<'a> {
    /// Its base where it stands.
    pub disc: Disc,
    /// Its Size.
    pub size: u8,
    /// Flight or Wall Crawler: counts as the climb Size for the tool.
    pub flies: bool,
    /// The longest tool it may use (Speed).
    pub speed: Tool,
    /// Slow: S tool only.
    pub slow: bool,
    /// Holding a token whose card forbids the L tool.
    pub no_long: bool,
    /// The piece it stands on.
    pub on: Option<usize>,
    /// Every other base on the battlefield.
    pub others: &'a [Disc],
    /// The terrain.
    pub pieces: &'a [Piece],
}

/// Why a plan is refused (rule, message).
pub type Refusal = (&'static str, String);

impl Mover<'_> {
    /// The Size used when placing the tool.
    pub fn move_size(&self, g: &GeometryConfig, climb: bool) -> u8 {
        if climb || self.flies { g.climb_size.max(self.size) } else { self.size }
    }
}

/// The tool's polyline: from the base edge along `angle` for half its
/// length to the pivot, then along `angle + bend` for the other half.
pub fn tool_path(g: &GeometryConfig, d: Disc, tool: Tool, angle: f64, bend: f64) -> [Pt; 3] {
    let l = tool.length(g);
    let u0 = unit(angle);
    let u1 = unit(angle + bend);
    let s = along(d.c, u0, d.r);
    let m = along(s, u0, l / 2.0);
    [s, m, along(m, u1, l / 2.0)]
}

/// Distance from `p` to the polyline.
fn dist_to_path(p: Pt, path: &[Pt]) -> f64 {
    path.windows(2)
        .map(|w| {
            let d = sub(w[1], w[0]);
            let l2 = d[0] * d[0] + d[1] * d[1];
            let t = if l2 == 0.0 {
                0.0
            } else {
                (((p[0] - w[0][0]) * d[0] + (p[1] - w[0][1]) * d[1]) / l2).clamp(0.0, 1.0)
            };
            len(sub(p, along(w[0], d, t)))
        })
        .fold(f64::INFINITY, f64::min)
}

/// Validates a plan (digest §2.4).
///
/// # Errors
/// The rule broken and why.
pub fn check(g: &GeometryConfig, m: &Mover<'_>, p: &Plan) -> Result<(), Refusal> {
    if !p.angle.is_finite() || !p.bend.is_finite() || !p.to.iter().all(|v| v.is_finite()) {
        return Err(("Movement", "the plan holds a number that is not finite".into()));
    }
    if p.bend.abs() > 90.0 {
        return Err(("Movement tools", "a tool bends at most 90 degrees at its pivot".into()));
    }
    if p.tool > m.speed {
        return Err(("Advance", format!("the {:?} tool is longer than this character's Speed", p.tool)));
    }
    if (m.slow || p.climb) && p.tool != Tool::S {
        return Err(if p.climb {
            ("Climb", "a climb uses the S tool".into())
        } else {
            ("Slow", "a Slow character uses only the S tool".into())
        });
    }
    if m.no_long && p.tool == Tool::L {
        return Err(("Crisis", "a character holding this token can't use the L tool".into()));
    }
    let size = m.move_size(g, p.climb);
    let path = tool_path(g, m.disc, p.tool, p.angle, p.bend);
    let half = g.tool_width / 2.0;
    for (i, piece) in m.pieces.iter().enumerate() {
        if piece.size > size && Some(i) != m.on && capsule_enters(g, &path, half, piece) {
            return Err((
                "Advance",
                format!("the tool may not pass over terrain of Size {} (movement Size {size})", piece.size),
            ));
        }
    }
    let end = Disc { c: p.to, r: m.disc.r };
    if dist_to_path(p.to, &path) > end.r + half + g.eps {
        return Err(("Advance", "the base must end touching the movement tool".into()));
    }
    end_position(g, m, end, size)
}

/// A legal end position: on the table, overlapping no other base, and for
/// each piece either clear of it or fully on it (only terrain of Size up to
/// the movement Size, or the piece it started on).
///
/// # Errors
/// The rule broken and why.
pub fn end_position(g: &GeometryConfig, m: &Mover<'_>, end: Disc, size: u8) -> Result<(), Refusal> {
    if !on_table(g, end) {
        return Err(("Movement", "the base must end on the table".into()));
    }
    if m.others.iter().any(|o| discs_overlap(g, end, *o)) {
        return Err(("Movement", "the base may not end overlapping another base".into()));
    }
    for (i, piece) in m.pieces.iter().enumerate() {
        if overlaps(g, end, piece) {
            if !fully_on(g, end, piece) {
                return Err(("Terrain", "a base is fully on terrain or fully off it".into()));
            }
            if piece.size > size && Some(i) != m.on {
                return Err((
                    "Terrain",
                    format!("a character of movement Size {size} can't end on Size {} terrain", piece.size),
                ));
            }
        }
    }
    Ok(())
}

/// Legal plans: each allowed tool straight out in 16 directions, to its
/// far end, then the same as climbs where a climb reaches somewhere new,
/// then the longest allowed tool bent at its pivot by ±45° and ±90° in 8
/// directions (to the far end of the bent half), where that reaches
/// somewhere new: a bounded set (at most 96 straight and 32 bent plans),
/// so prompts stay fast.
pub fn candidates(g: &GeometryConfig, m: &Mover<'_>) -> Vec<Plan> {
    let mut out: Vec<Plan> = Vec::new();
    let mut seen: Vec<Pt> = Vec::new();
    let climbs: &[bool] = if m.flies { &[false] } else { &[false, true] };
    let mut consider = |tool: Tool, climb: bool, angle: f64, bend: f64, out: &mut Vec<Plan>| {
        let path = tool_path(g, m.disc, tool, angle, bend);
        let to = quantize_pt(along(path[2], unit(angle + bend), m.disc.r));
        if seen.iter().any(|s| len(sub(*s, to)) < 1e-3) {
            return;
        }
        let plan = Plan { tool, climb, angle, bend, to };
        if check(g, m, &plan).is_ok() {
            seen.push(to);
            out.push(plan);
        }
    };
    let allowed = |tool: Tool, climb: bool| {
        !(tool > m.speed || ((m.slow || climb) && tool != Tool::S) || (m.no_long && tool == Tool::L))
    };
    for &climb in climbs {
        for tool in Tool::ALL {
            if !allowed(tool, climb) {
                continue;
            }
            for k in 0..16 {
                consider(tool, climb, f64::from(k) * 22.5, 0.0, &mut out);
            }
        }
    }
    if let Some(tool) = Tool::ALL.into_iter().rev().find(|t| allowed(*t, false)) {
        for k in 0..8 {
            for bend in [-90.0, -45.0, 45.0, 90.0] {
                consider(tool, false, f64::from(k) * 45.0, bend, &mut out);
            }
        }
    }
    out
}

/// The tool of a throw or push of distance `n` (1 S, 2 M, 3 L).
pub fn tool_for(n: u8) -> Tool {
    match n {
        1 => Tool::S,
        2 => Tool::M,
        _ => Tool::L,
    }
}

/// Where a push or throw of `d` along unit `u` for tool `n` ends, ignoring
/// `skip` among `others` and the piece it started on: its new centre and
/// what stopped it (digest §2.4, rulings 3 and 4).
pub fn straight(
    g: &GeometryConfig,
    d: Disc,
    u: Pt,
    n: u8,
    others: &[Disc],
    pieces: &[Piece],
    on: Option<usize>,
) -> (Pt, geometry::Hit) {
    let tool = tool_for(n);
    let ignore: Vec<usize> = on.into_iter().collect();
    let (s, hit) = geometry::sweep(g, d, u, tool.length(g), others, pieces, &ignore);
    // Step back from the contact until the position on the 1/1024" grid
    // touches nothing (rounding may otherwise push it a hair into what it
    // touched, or off the table). With nothing in the way the move is the
    // whole tool length (the first try steps back nothing).
    let first = u32::from(!matches!(hit, geometry::Hit::Nothing));
    for k in first..=32 {
        let back = (s - f64::from(k) / 512.0).max(0.0);
        let c = quantize_pt(along(d.c, u, back));
        let e = Disc { c, r: d.r };
        let clear = geometry::on_table(g, e)
            && others.iter().all(|o| !geometry::discs_overlap(g, e, *o))
            && pieces.iter().enumerate().all(|(i, p)| ignore.contains(&i) || !geometry::overlaps(g, e, p));
        if clear {
            return (c, hit);
        }
        if back == 0.0 {
            break;
        }
    }
    (d.c, hit)
}
