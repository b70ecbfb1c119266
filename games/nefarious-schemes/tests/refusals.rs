//! Refusals name the real reason (issue 24, part 2): over random matches,
//! at every decision, both players send illegal actions on purpose (every
//! kind of answer, on every card in play and a number that is none, every
//! card of both hands, each deck) and every refusal must name the fact
//! that triggered its rule, never one of the generic sentences the engine
//! used to answer with. The scenario file `scenarios/refusals-*.toml`
//! checks the rules the same refusals name; the last tests check words.

use backroom_engine::{Game, GameRng, RuleError};
use nefarious_schemes::{Action, Options, Schemes};
use serde_json::{Value, json};

/// The sentences refusals used to fall back on, each naming a rule but not
/// the fact that triggered it.
const GENERIC: &[&str] = &[
    "the other player decides now",
    "nothing is awaited",
    "does not answer the decision awaited now",
    "choose distinct wounded Units",
    "that card is not in your hand",
    "\"deck 0 is the Heroes'",
    "choose a Character of your opponent in play",
    "or not what this search finds",
    "goes on one of your Units that may take it",
    "the search must take a card it can find",
    "the Invention Marker goes on one of your Units",
    "discard a Vehicle or Weapon attached to the wounded Unit",
    "choose a Plot of the target Mastermind",
    "choose a Plot card in play",
    "cannot be attached there",
    "attach a Plot card from your hand",
    "Plots go on your Masterminds",
    "send a Minion of one of your Masterminds",
    "each Hero that has not tracked",
    "each Hero that has not attacked",
    "this game has two seats",
];

fn probes(g: &Schemes) -> Vec<Action> {
    let mut uids: Vec<u16> = g.pieces.iter().map(|p| p.uid).collect();
    uids.push(999);
    let mut cards: Vec<&str> = g.sides.iter().flat_map(|s| s.hand.iter().map(|c| c.key())).collect();
    cards.sort_unstable();
    cards.dedup();
    let mut out: Vec<Value> = vec![
        json!({"type": "pass"}),
        json!({"type": "take_nothing"}),
        json!({"type": "wound"}),
        json!({"type": "draw_card"}),
        json!({"type": "attack_again"}),
        json!({"type": "stop"}),
        json!({"type": "done"}),
        json!({"type": "look_at", "deck": 0}),
        json!({"type": "look_at", "deck": 2}),
        json!({"type": "heal", "units": []}),
    ];
    for c in &cards {
        out.push(json!({"type": "play_event", "card": c}));
        out.push(json!({"type": "discard", "card": c}));
        out.push(json!({"type": "take", "card": c}));
        out.push(json!({"type": "recruit", "card": c}));
        for u in &uids {
            out.push(json!({"type": "recruit", "card": c, "onto": u}));
            out.push(json!({"type": "attach_plot", "card": c, "mastermind": u}));
            out.push(json!({"type": "take", "card": c, "onto": u}));
            out.push(json!({"type": "play_event", "card": c, "on": u}));
        }
    }
    for u in &uids {
        out.push(json!({"type": "heal", "units": [u]}));
        out.push(json!({"type": "heal", "units": [u, u]}));
        out.push(json!({"type": "lure", "target": u}));
        out.push(json!({"type": "build", "unit": u}));
        out.push(json!({"type": "drop_gear", "gear": u}));
        out.push(json!({"type": "foil", "plot": u}));
        out.push(json!({"type": "add_counter", "plot": u}));
        // Pairs over a few pieces (and the number that is none), to keep
        // the probe count bounded.
        for v in uids.iter().rev().take(6) {
            out.push(json!({"type": "send", "mastermind": u, "hero": v}));
            out.push(json!({"type": "track", "hero": u, "mastermind": v}));
            out.push(json!({"type": "attack", "hero": u, "mastermind": v}));
        }
    }
    out.into_iter().map(|v| serde_json::from_value(v).expect("a probe parses")).collect()
}

fn generic(e: &RuleError) -> bool {
    // Debug-quoted, so that a pattern opening with a quote matches only at
    // the start of a message.
    let text = format!("{:?}", e.message);
    GENERIC.iter().any(|x| text.contains(x)) || e.message.trim().is_empty()
}

#[test]
fn refusals_in_play_name_their_fact() {
    let (mut refused, mut found) = (0usize, Vec::new());
    for seed in 0..3u64 {
        let mut rng = GameRng::seeded(seed);
        let mut pick = GameRng::seeded(seed ^ 0x5eed);
        let o = Options { turn_limit: 6, villain_first: seed % 2 == 1, ..Options::default() };
        let mut g = Schemes::setup(&o, 2, &mut rng).expect("setup");
        for step in 0..1500 {
            let pending = g.pending();
            if pending.is_over() {
                break;
            }
            let seat = pending.awaited().iter().next().expect("someone is awaited");
            // Every few decisions, so that the test runs in seconds.
            if step % 4 == 0 {
                for s in [seat, 1 - seat, 2] {
                    for a in probes(&g) {
                        if let Err(e) = g.clone().apply(s, &a, &mut rng.clone()) {
                            refused += 1;
                            if generic(&e) {
                                found.push(format!("{a:?} → [{}] {}", e.rule, e.message));
                            }
                        }
                    }
                }
            }
            let p = g.prompt(seat).expect("an awaited seat has a prompt");
            let v = p.random_action(&mut pick).expect("a prompt offers something");
            let a: Action = serde_json::from_value(v).expect("an offered action parses");
            g.apply(seat, &a, &mut rng).expect("an offered action is accepted");
        }
    }
    found.sort();
    found.dedup();
    assert!(refused > 5000, "only {refused} refusals probed");
    assert!(found.is_empty(), "{} refusals give a generic reason:\n{}", found.len(), found.join("\n"));
    eprintln!("{refused} refusals probed, each naming its fact");
}

/// A match set up, then the given fields set (as a scenario's `given`).
fn given(fields: &[(&str, Value)]) -> Schemes {
    let g = Schemes::setup(&Options::default(), 2, &mut GameRng::seeded(1)).expect("setup");
    let mut v = serde_json::to_value(&g).expect("serializes");
    for (pointer, value) in fields {
        *v.pointer_mut(pointer).unwrap_or_else(|| panic!("no field at {pointer}")) = value.clone();
    }
    serde_json::from_value(v).expect("the state reads")
}

/// The refusal's rule and message for `action` by `seat`.
fn refused(g: &Schemes, seat: u8, action: Value) -> (String, String) {
    let a: Action = serde_json::from_value(action).expect("an action");
    let e = g.clone().apply(seat, &a, &mut GameRng::seeded(2)).expect_err("refused");
    (e.rule, e.message)
}

fn words(cases: &[(u8, Value, &str, &str)], g: &Schemes) {
    for (seat, action, rule, message) in cases {
        assert_eq!(refused(g, *seat, action.clone()), (rule.to_string(), message.to_string()), "{action}");
    }
}

#[test]
fn recruit_refusals_name_the_card_the_holder_and_the_phase() {
    // As scenarios/refusals-recruit-name-the-fact.toml.
    let g = given(&[
        (
            "/pieces",
            json!([
                {"uid": 1, "card": "the-martians", "owner": 1, "side": 1},
                {"uid": 2, "card": "doctor-dread", "owner": 1, "side": 1},
                {"uid": 3, "card": "rookie", "owner": 0, "side": 0}
            ]),
        ),
        ("/next_uid", json!(50)),
        ("/sides/1/hand", json!(["hover-tank", "brute", "bank-heist", "dirty-trick"])),
        ("/tasks", json!([{"task": "ask", "stage": {"stage": "choose_deck", "seat": 0}}])),
        ("/stage", json!({"stage": "recruit", "seat": 1, "played": 0})),
    ]);
    let r = "Recruit Phase";
    words(
        &[
            (
                0,
                json!({"type": "done"}),
                r,
                "The Villain is putting cards into play: the decision is theirs, not yours.",
            ),
            (
                1,
                json!({"type": "recruit", "card": "brute", "onto": 1}),
                r,
                "The Martians #1 takes no Minor Villains (its card says so).",
            ),
            (1, json!({"type": "recruit", "card": "hover-tank", "onto": 3}), r, "Rookie #3 is the Heroes', not yours."),
            (1, json!({"type": "recruit", "card": "hover-tank", "onto": 9}), r, "There is no card #9 in play."),
            (
                1,
                json!({"type": "recruit", "card": "hover-tank"}),
                r,
                "Hover Tank is attached: name the Unit or Mastermind it goes on.",
            ),
            (
                1,
                json!({"type": "recruit", "card": "bank-heist"}),
                r,
                "Bank Heist is a Plot: it is attached to a Mastermind in the Plot Phase.",
            ),
            (1, json!({"type": "recruit", "card": "hitman", "onto": 2}), r, "Hitman is not in your hand."),
            (
                1,
                json!({"type": "track", "hero": 3, "mastermind": 2}),
                r,
                "You are putting cards into play now; \"track\" answers the Track Phase.",
            ),
            (2, json!({"type": "done"}), "Seats", "There is no seat 3: this match has 2."),
        ],
        &g,
    );
}

#[test]
fn track_and_assassin_refusals_name_the_hero_and_the_mastermind() {
    let pieces = json!([
        {"uid": 2, "card": "doctor-dread", "owner": 1, "side": 1, "minions": 1, "minions_home": 1},
        {"uid": 3, "card": "rookie", "owner": 0, "side": 0, "acted": true},
        {"uid": 4, "card": "the-sleuth", "owner": 0, "side": 0},
        {"uid": 5, "card": "ray-gun", "owner": 0, "side": 0, "on": 4}
    ]);
    let base = |stage: Value| {
        given(&[
            ("/pieces", pieces.clone()),
            ("/next_uid", json!(50)),
            ("/tasks", json!([{"task": "ask", "stage": {"stage": "choose_deck", "seat": 0}}])),
            ("/stage", stage),
        ])
    };
    let t = "Track Phase";
    words(
        &[
            (
                0,
                json!({"type": "track", "hero": 3, "mastermind": 2}),
                t,
                "Rookie #3 has already made its Track Roll this phase.",
            ),
            (0, json!({"type": "track", "hero": 4, "mastermind": 3}), t, "Rookie #3 is a Character, not a Mastermind."),
            (
                0,
                json!({"type": "track", "hero": 2, "mastermind": 2}),
                t,
                "Doctor Dread #2 is a Mastermind, not a Hero.",
            ),
            (0, json!({"type": "track", "hero": 5, "mastermind": 2}), t, "Ray Gun #5 is a Weapon, not a Hero."),
            (
                1,
                json!({"type": "send", "mastermind": 2, "hero": 4}),
                t,
                "The Heroes are making Track Rolls: the decision is theirs, not yours.",
            ),
        ],
        &base(json!({"stage": "track", "seat": 0})),
    );
    words(
        &[(
            0,
            json!({"type": "attack", "hero": 4, "mastermind": 2}),
            "Attack Phase",
            "Doctor Dread #2 was not Thwarted this turn; only a Thwarted Mastermind is attacked.",
        )],
        &base(json!({"stage": "attack", "seat": 0})),
    );
    words(
        &[(
            1,
            json!({"type": "send", "mastermind": 2, "hero": 4}),
            "Assassin Phase",
            "Doctor Dread #2's 1 Minion came back this phase: Minions that came back stay home.",
        )],
        &base(json!({"stage": "assassin", "seat": 1})),
    );
}
