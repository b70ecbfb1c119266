//! The battlefield's geometry: worked cases on Downtown-12 and property
//! tests (bounded cases) of symmetry, legal moves and throws.

use crisis_protocol::content::{Tool, content};
use crisis_protocol::geometry::{
    self, Disc, Piece, dist_disc_piece, dist_discs, fully_on, has_cover, line_of_sight, on_table, overlaps,
};
use crisis_protocol::rules::movement::{self, Mover, Plan};
use crisis_protocol::state::layout_pieces;
use proptest::prelude::*;

fn pieces() -> &'static [Piece] {
    layout_pieces("downtown-12")
}

fn g() -> &'static crisis_protocol::content::GeometryConfig {
    &content().geometry
}

const R40: f64 = 40.0 / 25.4 / 2.0;

fn disc(x: f64, y: f64) -> Disc {
    Disc { c: [x, y], r: R40 }
}

fn clear_of_terrain(d: Disc) -> bool {
    on_table(g(), d) && pieces().iter().all(|p| !overlaps(g(), d, p))
}

#[test]
fn the_building_blocks_sight_between_two_size_2_characters() {
    // The Building (Size 5) spans x 11..17, y 15..21.
    let (a, b) = (disc(9.0, 18.0), disc(19.0, 18.0));
    assert!(!line_of_sight(g(), a, None, b, 2, pieces()));
    // A Size 5 target is not hidden by Size 5 terrain.
    assert!(line_of_sight(g(), a, None, b, 5, pieces()));
    // Seen past the corner: the lines around the building's top edge.
    let (c, d) = (disc(9.0, 22.5), disc(19.0, 22.5));
    assert!(line_of_sight(g(), c, None, d, 2, pieces()));
}

#[test]
fn a_grazing_line_is_not_blocked() {
    // Two bases whose common tangent runs exactly along the building's top
    // edge y = 21: touching a boundary doesn't block.
    let (a, b) = (disc(9.0, 21.0 + R40), disc(19.0, 21.0 + R40));
    assert!(line_of_sight(g(), a, None, b, 2, pieces()));
}

#[test]
fn cover_needs_terrain_near_the_defender_across_the_line_and_distance() {
    // Truck (Size 4) at (14, 7.5), 6×2.5: y 6.25..8.75. The defender hugs
    // its top side; the attacker is below, beyond R2.
    let def = disc(14.0, 8.75 + R40 + 0.1);
    let atk = disc(14.0, 1.0);
    assert!(has_cover(g(), atk, def, 2, None, pieces()));
    // Within R2: no cover.
    let near = disc(14.0 + 2.0 * R40 + 0.5, 8.75 + R40 + 0.1);
    assert!(!has_cover(g(), near, def, 2, None, pieces()));
    // The line doesn't pass through the truck: no cover.
    let beside = disc(30.0, 10.0);
    assert!(!has_cover(g(), beside, def, 2, None, pieces()));
}

#[test]
fn an_advance_may_not_cross_taller_terrain_but_a_climb_may() {
    // In front of the Building's left face, moving right into it.
    let d = disc(11.0 - R40 - 0.2, 18.0);
    let mover = Mover {
        disc: d,
        size: 2,
        flies: false,
        speed: Tool::M,
        slow: false,
        no_long: false,
        on: None,
        others: &[],
        pieces: pieces(),
    };
    let path = movement::tool_path(g(), d, Tool::S, 0.0, 0.0);
    let to = geometry::along(path[2], [1.0, 0.0], 0.0);
    let to = geometry::quantize_pt([to[0] + R40, to[1]]);
    let advance = Plan { tool: Tool::S, climb: false, angle: 0.0, bend: 0.0, to };
    assert!(movement::check(g(), &mover, &advance).is_err());
    let climb = Plan { climb: true, ..advance };
    assert!(movement::check(g(), &mover, &climb).is_ok(), "a climb ends on top of the building");
    assert!(fully_on(g(), Disc { c: to, r: R40 }, &pieces()[0]));
    // A longer tool than Speed is refused.
    let slow = Mover { speed: Tool::S, ..mover.clone() };
    assert!(
        movement::check(
            g(),
            &slow,
            &Plan { tool: Tool::M, climb: false, angle: 180.0, bend: 0.0, to: [d.c[0] - 5.0, d.c[1]] }
        )
        .is_err()
    );
}

#[test]
fn a_bent_tool_reaches_around_a_corner() {
    // East from (26, 11), then bent north at the pivot, in the open ground
    // between the Dumpster and the Bench.
    let d = disc(26.0, 11.0);
    let mover = Mover {
        disc: d,
        size: 2,
        flies: false,
        speed: Tool::L,
        slow: false,
        no_long: false,
        on: None,
        others: &[],
        pieces: pieces(),
    };
    let path = movement::tool_path(g(), d, Tool::L, 0.0, 90.0);
    let to = geometry::quantize_pt(geometry::along(path[2], [0.0, 1.0], R40));
    let plan = Plan { tool: Tool::L, climb: false, angle: 0.0, bend: 90.0, to };
    assert!(movement::check(g(), &mover, &plan).is_ok());
    assert!(movement::check(g(), &mover, &Plan { bend: 120.0, ..plan }).is_err(), "a tool bends at most 90 degrees");
}

#[test]
fn candidates_offer_bent_tools_bounded_and_legal() {
    let d = disc(26.0, 11.0);
    let mover = Mover {
        disc: d,
        size: 2,
        flies: false,
        speed: Tool::L,
        slow: false,
        no_long: false,
        on: None,
        others: &[],
        pieces: pieces(),
    };
    let plans = movement::candidates(g(), &mover);
    assert!(plans.len() <= 96 + 32, "{} plans", plans.len());
    let bent: Vec<&Plan> = plans.iter().filter(|p| p.bend != 0.0).collect();
    assert!(!bent.is_empty(), "some bent plans are offered");
    assert!(bent.iter().all(|p| p.tool == Tool::L && !p.climb && p.bend.abs() <= 90.0));
    assert!(plans.iter().all(|p| movement::check(g(), &mover, p).is_ok()));
    // The bend of a_bent_tool_reaches_around_a_corner is among them.
    assert!(bent.iter().any(|p| p.angle == 0.0 && p.bend == 90.0));
}

fn arb_disc() -> impl Strategy<Value = Disc> {
    (1.0f64..35.0, 1.0f64..35.0).prop_map(|(x, y)| disc(geometry::quantize(x), geometry::quantize(y)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn closed_forms_agree_with_geo(a in arb_disc(), b in arb_disc()) {
        for p in pieces() {
            prop_assert!((p.dist_point(a.c) - p.dist_point_geo(a.c)).abs() < 1e-9);
            prop_assert!((geometry::seg_piece_dist(a.c, b.c, p) - geometry::seg_piece_dist_geo(a.c, b.c, p)).abs() < 1e-9);
        }
    }

    #[test]
    fn distance_is_symmetric(a in arb_disc(), b in arb_disc()) {
        prop_assert_eq!(dist_discs(a, b), dist_discs(b, a));
        for p in pieces() {
            prop_assert!(dist_disc_piece(a, p) >= 0.0);
        }
    }

    #[test]
    fn line_of_sight_is_symmetric_for_equal_sizes_off_terrain(a in arb_disc(), b in arb_disc(), size in 1u8..6) {
        prop_assume!(clear_of_terrain(a) && clear_of_terrain(b));
        prop_assert_eq!(line_of_sight(g(), a, None, b, size, pieces()), line_of_sight(g(), b, None, a, size, pieces()));
    }

    #[test]
    fn legal_moves_never_end_overlapping(me in arb_disc(), o1 in arb_disc(), o2 in arb_disc(), speed in 0usize..3) {
        prop_assume!(clear_of_terrain(me));
        let others: Vec<Disc> = [o1, o2].into_iter().filter(|o| !geometry::discs_overlap(g(), me, *o)).collect();
        let mover = Mover { disc: me, size: 2, flies: false, speed: Tool::ALL[speed], slow: false, no_long: false, on: None, others: &others, pieces: pieces() };
        for plan in movement::candidates(g(), &mover) {
            let end = Disc { c: plan.to, r: me.r };
            prop_assert!(on_table(g(), end));
            for o in &others {
                prop_assert!(!geometry::discs_overlap(g(), end, *o), "{:?} overlaps {:?}", plan, o);
            }
            for p in pieces() {
                prop_assert!(!overlaps(g(), end, p) || fully_on(g(), end, p), "{:?} partly on terrain", plan);
            }
        }
    }

    #[test]
    fn throws_never_leave_the_table(me in arb_disc(), angle in 0.0f64..360.0, n in 1u8..4) {
        prop_assume!(on_table(g(), me));
        let u = geometry::unit(angle);
        let (end, _) = movement::straight(g(), me, u, n, &[], pieces(), None);
        let landed = Disc { c: end, r: me.r };
        prop_assert!(on_table(g(), landed));
    }
}

#[test]
fn a_push_with_nothing_in_the_way_moves_the_whole_tool_length() {
    // Open ground at x = 20: the S tool (3.25") straight north, then a base
    // in the way stops it a hair short of touching.
    let me = Disc { c: [20.0, 2.0], r: 40.0 / 25.4 / 2.0 };
    let (end, hit) = movement::straight(g(), me, [0.0, 1.0], 1, &[], pieces(), None);
    assert_eq!((end, hit), ([20.0, 5.25], geometry::Hit::Nothing));
    let other = Disc { c: [20.0, 5.5], r: me.r };
    let (end, hit) = movement::straight(g(), me, [0.0, 1.0], 1, &[other], pieces(), None);
    assert_eq!(hit, geometry::Hit::Base(0));
    assert!(end[1] < 5.5 - 2.0 * me.r && end[1] > 5.5 - 2.0 * me.r - 0.01, "{end:?}");
}
