//! The battlefield's geometry (digest §2): bases as discs, terrain as
//! polygons with a Size, ranges, line of sight, cover and the sweep used by
//! pushes and throws. The server is the only judge of every measurement.
//!
//! Polygons, point-in-polygon and distances between points, segments and
//! polygons come from the `geo` crate (f64 throughout, robust predicates);
//! the few tests that must treat a touching boundary as *not* blocking (line
//! of sight) shrink the piece by `eps` and clip the segment against it,
//! which for the convex pieces the content allows is exact and fast.
//! Every length is in inches; a tie counts as "within".
//!
//! It stays its own top-level module, beside `state` and `content`: it is
//! the battlefield's measuring layer, pure functions over content types
//! that the state, the rules, the prompts and the bot all measure with, and
//! it imports nothing above the content.

use crate::content::{GeometryConfig, TerrainPiece};
use geo::{Contains, Coord, Distance, Euclidean, Line, LineString, Point, Polygon, Rect};

/// A point `[x, y]` in inches.
pub type Pt = [f64; 2];

/// A base or a token: a disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    /// Centre.
    pub c: Pt,
    /// Radius.
    pub r: f64,
}

/// A piece of terrain on the battlefield.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Size 1..=6.
    pub size: u8,
    /// Whether a character may stand on top.
    pub standable: bool,
    /// Its footprint.
    pub poly: Polygon<f64>,
    /// Its bounding box `[min_x, min_y, max_x, max_y]` (the footprint, for
    /// the axis-aligned pieces of the house sets).
    pub bbox: [f64; 4],
}

impl Piece {
    /// The footprint of a content piece.
    pub fn from_content(p: &TerrainPiece) -> Piece {
        let (hx, hy) = (p.w / 2.0, p.h / 2.0);
        let min = Coord { x: p.center[0] - hx, y: p.center[1] - hy };
        let max = Coord { x: p.center[0] + hx, y: p.center[1] + hy };
        Piece {
            size: p.size,
            standable: p.standable,
            poly: Rect::new(min, max).to_polygon(),
            bbox: [min.x, min.y, max.x, max.y],
        }
    }

    /// A destroyed piece: Size 0, far off the table, so it touches, blocks
    /// and covers nothing while keeping its index.
    pub fn gone() -> Piece {
        let (min, max) = (Coord { x: -1000.0, y: -1000.0 }, Coord { x: -999.0, y: -999.0 });
        Piece { size: 0, standable: false, poly: Rect::new(min, max).to_polygon(), bbox: [min.x, min.y, max.x, max.y] }
    }

    /// True when `c` lies inside (or on) the footprint.
    pub fn holds(&self, c: Pt) -> bool {
        let [x0, y0, x1, y1] = self.bbox;
        (x0..=x1).contains(&c[0]) && (y0..=y1).contains(&c[1])
    }

    /// Distance from `c` to the footprint's boundary (the rectangle's
    /// sides, in closed form: this is the hot path of every test).
    pub fn boundary_dist(&self, c: Pt) -> f64 {
        let [x0, y0, x1, y1] = self.bbox;
        if self.holds(c) { (c[0] - x0).min(x1 - c[0]).min(c[1] - y0).min(y1 - c[1]) } else { self.dist_point(c) }
    }

    /// Distance from `c` to the footprint (0 inside).
    pub fn dist_point(&self, c: Pt) -> f64 {
        let [x0, y0, x1, y1] = self.bbox;
        let dx = (x0 - c[0]).max(0.0).max(c[0] - x1);
        let dy = (y0 - c[1]).max(0.0).max(c[1] - y1);
        len([dx, dy])
    }

    /// The same distance computed by `geo` on the polygon (a cross-check
    /// for the closed form, used by the tests).
    pub fn dist_point_geo(&self, c: Pt) -> f64 {
        if self.poly.contains(&pt(c)) { 0.0 } else { Euclidean.distance(&pt(c), self.poly.exterior()) }
    }
}

fn pt(c: Pt) -> Point<f64> {
    Point::new(c[0], c[1])
}

/// Range n in inches (R1 is the width of a range tool).
pub fn range(g: &GeometryConfig, n: u8) -> f64 {
    g.range_inches[usize::from(n.clamp(1, 5)) - 1]
}

/// Euclidean length. The plain square root of the sum of squares, not
/// `hypot`: table distances are inches, far from overflow, and `hypot`'s
/// care for it cost a quarter of every action (README, "Speed").
pub fn len(v: Pt) -> f64 {
    (v[0] * v[0] + v[1] * v[1]).sqrt()
}

/// `a - b`.
pub fn sub(a: Pt, b: Pt) -> Pt {
    [a[0] - b[0], a[1] - b[1]]
}

/// `a + k·u`.
pub fn along(a: Pt, u: Pt, k: f64) -> Pt {
    [a[0] + k * u[0], a[1] + k * u[1]]
}

/// The unit vector at `deg` degrees (0 = +x, counter-clockwise).
pub fn unit(deg: f64) -> Pt {
    let t = deg.to_radians();
    [t.cos(), t.sin()]
}

/// The gap between two discs, 0 when they overlap.
pub fn dist_discs(a: Disc, b: Disc) -> f64 {
    (len(sub(a.c, b.c)) - a.r - b.r).max(0.0)
}

/// The gap between a disc and a piece, 0 when they overlap.
pub fn dist_disc_piece(d: Disc, p: &Piece) -> f64 {
    if p.holds(d.c) { 0.0 } else { (p.boundary_dist(d.c) - d.r).max(0.0) }
}

/// `dist ≤ R(n) + eps`.
pub fn within(g: &GeometryConfig, dist: f64, n: u8) -> bool {
    dist <= range(g, n) + g.eps
}

/// Two bases overlap (touching is allowed).
pub fn discs_overlap(g: &GeometryConfig, a: Disc, b: Disc) -> bool {
    len(sub(a.c, b.c)) < a.r + b.r - g.eps
}

/// The disc overlaps the piece at all.
pub fn overlaps(g: &GeometryConfig, d: Disc, p: &Piece) -> bool {
    p.holds(d.c) || p.boundary_dist(d.c) < d.r - g.eps
}

/// The disc stands fully on the piece ("fits and balances").
pub fn fully_on(g: &GeometryConfig, d: Disc, p: &Piece) -> bool {
    p.standable && p.holds(d.c) && p.boundary_dist(d.c) >= d.r - g.eps
}

/// The disc lies on the table.
pub fn on_table(g: &GeometryConfig, d: Disc) -> bool {
    let t = g.table_inches;
    d.c[0] - d.r >= -g.eps && d.c[1] - d.r >= -g.eps && d.c[0] + d.r <= t + g.eps && d.c[1] + d.r <= t + g.eps
}

/// The piece a disc stands on, if any.
pub fn standing_on(g: &GeometryConfig, d: Disc, pieces: &[Piece]) -> Option<usize> {
    pieces.iter().position(|p| fully_on(g, d, p))
}

/// The segment `a→b` passes through the *interior* of the piece (shrunk by
/// `eps`, so grazing an edge or a corner does not count).
pub fn segment_blocked(eps: f64, a: Pt, b: Pt, p: &Piece) -> bool {
    let [x0, y0, x1, y1] = p.bbox;
    let (lo, hi) = ([x0 + eps, y0 + eps], [x1 - eps, y1 - eps]);
    let d = sub(b, a);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..2 {
        if d[k].abs() < 1e-15 {
            if a[k] <= lo[k] || a[k] >= hi[k] {
                return false;
            }
        } else {
            let (mut ta, mut tb) = ((lo[k] - a[k]) / d[k], (hi[k] - a[k]) / d[k]);
            if ta > tb {
                std::mem::swap(&mut ta, &mut tb);
            }
            t0 = t0.max(ta);
            t1 = t1.min(tb);
        }
    }
    t1 - t0 > 1e-12
}

/// Line of sight (digest §2.5): some segment from `a`'s base to `b`'s base
/// avoids the interior of every piece whose Size is greater than `b_size`
/// (the target's effective Size), ignoring the piece `a` stands on.
/// Characters never block.
///
/// Exact to `eps`: the candidate lines are the centre line, the common
/// tangents of the two discs, the tangents from every blocking corner to
/// each disc and the lines through pairs of blocking corners; if any clear
/// segment exists, one of them is clear.
pub fn line_of_sight(g: &GeometryConfig, a: Disc, a_on: Option<usize>, b: Disc, b_size: u8, pieces: &[Piece]) -> bool {
    let blocking: Vec<&Piece> = pieces
        .iter()
        .enumerate()
        .filter(|(i, p)| p.size > b_size && Some(*i) != a_on && hull_meets(g, a, b, p))
        .map(|(_, p)| p)
        .collect();
    let clear = |p: Pt, q: Pt| blocking.iter().all(|x| !segment_blocked(g.eps, p, q, x));
    if blocking.is_empty() || clear(a.c, b.c) {
        return true;
    }
    for (p, q) in common_tangents(a, b) {
        if clear(p, q) {
            return true;
        }
    }
    // Only corners inside the hull can touch a segment between the bases.
    let corners: Vec<Pt> = blocking.iter().flat_map(|p| corners(p)).filter(|c| in_hull(a, b, *c, g.eps)).collect();
    // A line through `p` with direction `u`, when it meets both discs: the
    // segment between the feet of the two centres.
    let try_line = |p: Pt, u: Pt| -> bool {
        let l = len(u);
        if l < 1e-12 {
            return false;
        }
        let u = [u[0] / l, u[1] / l];
        let foot = |c: Pt| {
            let k = (c[0] - p[0]) * u[0] + (c[1] - p[1]) * u[1];
            along(p, u, k)
        };
        let (fa, fb) = (foot(a.c), foot(b.c));
        len(sub(fa, a.c)) <= a.r + g.eps && len(sub(fb, b.c)) <= b.r + g.eps && clear(fa, fb)
    };
    for &v in &corners {
        for d in [a, b] {
            for t in tangent_points(v, d) {
                if try_line(v, sub(t, v)) {
                    return true;
                }
            }
        }
    }
    for (i, &v) in corners.iter().enumerate() {
        for &w in &corners[i + 1..] {
            if try_line(v, sub(w, v)) {
                return true;
            }
        }
    }
    false
}

fn corners(p: &Piece) -> [Pt; 4] {
    let [x0, y0, x1, y1] = p.bbox;
    [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// The point lies in the convex hull of the two discs (to `eps`).
fn in_hull(a: Disc, b: Disc, q: Pt, eps: f64) -> bool {
    let f = |t: f64| {
        len(sub(q, [a.c[0] + t * (b.c[0] - a.c[0]), a.c[1] + t * (b.c[1] - a.c[1])])) - (a.r + t * (b.r - a.r))
    };
    min_convex(f) <= eps
}

/// The least value of a convex function on [0, 1] (ternary search).
fn min_convex(f: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..40 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if f(m1) < f(m2) { hi = m2 } else { lo = m1 }
    }
    f((lo + hi) / 2.0).min(f(0.0)).min(f(1.0))
}

/// The points where the tangents from `v` touch the disc.
fn tangent_points(v: Pt, d: Disc) -> Vec<Pt> {
    let w = sub(v, d.c);
    let dist = len(w);
    if dist <= d.r {
        return Vec::new();
    }
    let base = w[1].atan2(w[0]);
    let alpha = (d.r / dist).acos();
    [base + alpha, base - alpha].iter().map(|t| [d.c[0] + d.r * t.cos(), d.c[1] + d.r * t.sin()]).collect()
}

/// The common tangents of two discs, each as the segment between its two
/// touching points.
fn common_tangents(a: Disc, b: Disc) -> Vec<(Pt, Pt)> {
    let dv = sub(b.c, a.c);
    let dist = len(dv);
    let mut out = Vec::with_capacity(4);
    if dist < 1e-12 {
        return out;
    }
    let dh = [dv[0] / dist, dv[1] / dist];
    let perp = [-dh[1], dh[0]];
    for s in [1.0, -1.0] {
        let q = (s * b.r - a.r) / dist;
        if q.abs() > 1.0 {
            continue;
        }
        let h = (1.0 - q * q).sqrt();
        for sign in [1.0, -1.0] {
            let n = [q * dh[0] + sign * h * perp[0], q * dh[1] + sign * h * perp[1]];
            // n·x + k = 0 with n·a.c + k = a.r and n·b.c + k = s·b.r.
            out.push((along(a.c, n, -a.r), along(b.c, n, -s * b.r)));
        }
    }
    out
}

/// The piece meets the interior of the convex hull of the two discs (the
/// set of all segments from one base to the other). The gap between the
/// piece and the disc interpolated at `t` minus its radius is convex in `t`,
/// so a ternary search finds its least value.
pub fn hull_meets(g: &GeometryConfig, a: Disc, b: Disc, p: &Piece) -> bool {
    // Quick rejection on bounding boxes.
    let [x0, y0, x1, y1] = p.bbox;
    let reach = a.r.max(b.r);
    if x1 < a.c[0].min(b.c[0]) - reach
        || x0 > a.c[0].max(b.c[0]) + reach
        || y1 < a.c[1].min(b.c[1]) - reach
        || y0 > a.c[1].max(b.c[1]) + reach
    {
        return false;
    }
    let f = |t: f64| {
        let c = [a.c[0] + t * (b.c[0] - a.c[0]), a.c[1] + t * (b.c[1] - a.c[1])];
        p.dist_point(c) - (a.r + t * (b.r - a.r))
    };
    min_convex(f) < -g.eps
}

/// Cover (digest §1.6, §2.5): the defender is within R1 of a piece of Size
/// at least its effective Size (not the piece it stands on), a line from
/// the attacker passes through that piece, and the attacker is not within
/// R2 of the defender.
pub fn has_cover(
    g: &GeometryConfig,
    atk: Disc,
    def: Disc,
    def_size: u8,
    def_on: Option<usize>,
    pieces: &[Piece],
) -> bool {
    if within(g, dist_discs(atk, def), 2) {
        return false;
    }
    pieces.iter().enumerate().any(|(i, p)| {
        Some(i) != def_on && p.size >= def_size && within(g, dist_disc_piece(def, p), 1) && hull_meets(g, atk, def, p)
    })
}

/// The movement tool's capsule (the polyline widened by `half`) enters the
/// piece's interior.
pub fn capsule_enters(g: &GeometryConfig, path: &[Pt], half: f64, p: &Piece) -> bool {
    path.windows(2).any(|w| seg_piece_dist(w[0], w[1], p) < half - g.eps)
}

/// Distance between a segment and a piece, 0 when they meet: the closed
/// form for rectangles (the segment crosses it, or the least of the
/// endpoint-to-piece and corner-to-segment distances).
pub fn seg_piece_dist(a: Pt, b: Pt, p: &Piece) -> f64 {
    if p.holds(a) || p.holds(b) || segment_blocked(0.0, a, b, p) {
        return 0.0;
    }
    let d = sub(b, a);
    let l2 = d[0] * d[0] + d[1] * d[1];
    // Squared corner distances, one square root for the least of them.
    let to_seg2 = |q: Pt| {
        let t = if l2 == 0.0 { 0.0 } else { (((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / l2).clamp(0.0, 1.0) };
        let e = sub(q, along(a, d, t));
        e[0] * e[0] + e[1] * e[1]
    };
    let corner = corners(p).iter().map(|c| to_seg2(*c)).fold(f64::INFINITY, f64::min).sqrt();
    corner.min(p.dist_point(a)).min(p.dist_point(b))
}

/// [`seg_piece_dist`] computed by `geo` (a cross-check used by the tests).
pub fn seg_piece_dist_geo(a: Pt, b: Pt, p: &Piece) -> f64 {
    let line = Line::new(Coord { x: a[0], y: a[1] }, Coord { x: b[0], y: b[1] });
    Euclidean.distance(&line, &p.poly)
}

/// What a straight sweep of a disc ran into.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hit {
    /// Nothing: it travelled the whole distance.
    Nothing,
    /// The table edge (never a collision).
    Edge,
    /// Another base, by its index in the list given.
    Base(usize),
    /// A piece of terrain, by index.
    Terrain(usize),
}

/// Sweeps `d` along unit `u` for up to `max` inches: how far it travels
/// before touching another base, a piece (unless ignored) or the table
/// edge, and what it touched.
#[allow(clippy::needless_range_loop, reason = "the index walks two parallel arrays of the swept shape")]
pub fn sweep(
    g: &GeometryConfig,
    d: Disc,
    u: Pt,
    max: f64,
    bases: &[Disc],
    pieces: &[Piece],
    ignore: &[usize],
) -> (f64, Hit) {
    let mut best = (max, Hit::Nothing);
    let t = g.table_inches;
    for k in 0..2 {
        if u[k] > 1e-12 {
            let s = (t - d.r - d.c[k]) / u[k];
            if s < best.0 {
                best = (s.max(0.0), Hit::Edge);
            }
        } else if u[k] < -1e-12 {
            let s = (d.c[k] - d.r) / -u[k];
            if s < best.0 {
                best = (s.max(0.0), Hit::Edge);
            }
        }
    }
    for (i, b) in bases.iter().enumerate() {
        if let Some(s) = ray_circle(d.c, u, b.c, d.r + b.r)
            && s < best.0
        {
            best = (s, Hit::Base(i));
        }
    }
    for (i, p) in pieces.iter().enumerate() {
        if ignore.contains(&i) {
            continue;
        }
        if let Some(s) = ray_rounded_rect(d.c, u, p.bbox, d.r)
            && s < best.0
        {
            best = (s, Hit::Terrain(i));
        }
    }
    best
}

/// First `s ≥ 0` where `c + s·u` is within `rad` of `o`, for a ray moving
/// into the circle (a ray leaving a circle it starts in meets nothing).
fn ray_circle(c: Pt, u: Pt, o: Pt, rad: f64) -> Option<f64> {
    let w = sub(c, o);
    let b = w[0] * u[0] + w[1] * u[1];
    let cc = w[0] * w[0] + w[1] * w[1] - rad * rad;
    if cc <= 1e-12 {
        return (b < 0.0).then_some(0.0);
    }
    let disc = b * b - cc;
    if disc < 0.0 {
        return None;
    }
    let s = -b - disc.sqrt();
    (s >= 0.0).then_some(s)
}

/// First contact of the ray with the rectangle grown by `r` (two slabs and
/// four corner circles).
fn ray_rounded_rect(c: Pt, u: Pt, bb: [f64; 4], r: f64) -> Option<f64> {
    let [x0, y0, x1, y1] = bb;
    let mut best: Option<f64> = None;
    let mut keep = |s: Option<f64>| {
        if let Some(s) = s {
            best = Some(best.map_or(s, |b: f64| b.min(s)));
        }
    };
    keep(ray_box(c, u, [x0 - r, y0, x1 + r, y1]));
    keep(ray_box(c, u, [x0, y0 - r, x1, y1 + r]));
    for o in [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] {
        keep(ray_circle(c, u, o, r));
    }
    best
}

fn ray_box(c: Pt, u: Pt, bb: [f64; 4]) -> Option<f64> {
    let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::INFINITY);
    let lo = [bb[0], bb[1]];
    let hi = [bb[2], bb[3]];
    for k in 0..2 {
        if u[k].abs() < 1e-15 {
            if c[k] <= lo[k] || c[k] >= hi[k] {
                return None;
            }
        } else {
            let (mut a, mut b) = ((lo[k] - c[k]) / u[k], (hi[k] - c[k]) / u[k]);
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            t0 = t0.max(a);
            t1 = t1.min(b);
        }
    }
    if t1 - t0 <= 1e-12 || t1 <= 0.0 {
        return None;
    }
    // Starting inside: only a ray heading deeper counts, at 0.
    Some(t0.max(0.0))
}

/// A distance on the grid positions are kept on: 1/1024 inch, exact in
/// binary and in the short decimal JSON writes, so a stored match
/// round-trips bit for bit.
pub fn quantize(v: f64) -> f64 {
    (v * 1024.0).round() / 1024.0
}

/// [`quantize`] for a point.
pub fn quantize_pt(p: Pt) -> Pt {
    [quantize(p[0]), quantize(p[1])]
}

/// Builds the pieces of a content layout.
pub fn pieces_of(set: &[TerrainPiece]) -> Vec<Piece> {
    set.iter().map(Piece::from_content).collect()
}

/// The segment between two points as a `geo` line string (for clients and
/// tests that draw the tool).
pub fn polyline(points: &[Pt]) -> LineString<f64> {
    LineString::from(points.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>())
}
