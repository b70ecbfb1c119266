//! Refusals name the real reason (issue 24, part 2): over random matches of
//! three and four Schools, at every few steps from the choice of Schools to
//! the end, every seat sends illegal actions on purpose (each kind of
//! action, on every Character of every School and every Plot Card of every
//! hand, out of turn and out of phase) and every refusal must name the fact
//! that triggered its rule, never one of the generic sentences the engine
//! used to answer with. `XMEN_REFUSALS_LIST=1` prints every distinct
//! refusal met. The scenario file `scenarios/refusals-*.toml` checks the
//! rules the same refusals name.

use backroom_engine::{Game, GameRng, RuleError};
use serde_json::{Value, json};
use xmen_mutant_revolution::{Action, Options, XMen};

/// The sentences refusals used to fall back on, each naming a rule but not
/// the fact that triggered it.
const GENERIC: &[&str] = &[
    "\"choose a School\"",
    "\"that School is taken\"",
    "\"another seat chooses its School now\"",
    "on your turn to act: play an Event",
    "\"it is another School's turn to act\"",
    "\"you have nothing to answer\"",
    "\"the other Schools are answering a support request\"",
    "\"there is no support request\"",
    "\"discard at least 1 card\"",
    "\"give Hope to another School\"",
    "\"discard down to your Hand Size\"",
    "\"your hand is within your Hand Size\"",
    "trade, send a Secret Mission, or pick up your Bidding Dial",
    "\"no such offer to you\"",
    "\"no such offer\"",
    "\"trade with another School\"",
    "\"not enough Hope Coins for that trade\"",
    "send a Secret Mission or finish (no more trading)",
    "\"set your Bidding Dial\"",
    "\"you are out of this auction\"",
    "\"attach the Training Card to a Hero or Student\"",
    "\"another School is assigning its Training Card\"",
    "\"invite a School\"",
    "\"invite a School not yet invited\"",
    "\"send a Character or refuse\"",
    "\"the Mission Commander invites the Schools\"",
    "\"another School is answering its invitation\"",
    "\"the other School chooses now\"",
    "\"choose your Character\"",
    "\"that is not the step the Mission is at\"",
    "\"the Mission is waiting for another School\"",
    "\"a PC may Move, Attack or use a Power\"",
    "\"a decision about Damage or a defeat must be made first\"",
    "\"choose a PC still in the Mission Arena\"",
    "\"the target is not in the Mission Arena\"",
    "\"help a PC still in the Mission Arena\"",
    "\"you are not offered this window, or already answered\"",
    "\"play a cancelling Reaction or decline\"",
    "\"a Reaction window is open to other Schools\"",
    "\"a Reaction window is open: play a Reaction or decline\"",
    "\"Upkeep is being done in clockwise order from the Mission Commander\"",
    "\"choose an Injured Character to heal\"",
    "\"choose a Hero or Student of the target School\"",
    "{seat:",
];

fn probes(g: &XMen) -> Vec<Action> {
    let mut chars: Vec<Value> =
        g.players.iter().flat_map(|p| p.chars.iter().map(|c| serde_json::to_value(c.id).unwrap())).collect();
    chars.dedup();
    let mut cards: Vec<Value> =
        g.players.iter().flat_map(|p| p.hand.iter().map(|c| serde_json::to_value(c).unwrap())).collect();
    cards.sort_by_key(|v| v.to_string());
    cards.dedup();
    let school = &xmen_mutant_revolution::content::content().schools[0].id;
    let mut out: Vec<Value> = vec![
        json!({"type": "pick_school", "school": school}),
        json!({"type": "pick_school", "school": "nowhere"}),
        json!({"type": "acquire_hope", "keep": []}),
        json!({"type": "request_support", "amount": 2}),
        json!({"type": "pledge", "amount": 1}),
        json!({"type": "bid", "value": 3}),
        json!({"type": "bid", "value": 20}),
        json!({"type": "place", "hex": [0, 0]}),
        json!({"type": "move", "to": [0, 1]}),
        json!({"type": "attack", "target": {"token": 0}}),
        json!({"type": "regain", "stat": "atk"}),
        json!({"type": "mission_action", "objective": 0}),
        json!({"type": "move_token", "token": 0, "to": [0, 1]}),
        json!({"type": "allocate", "loss": [1, 0, 0]}),
        json!({"type": "penalty", "pay": true}),
        json!({"type": "claim", "recruit": true}),
        json!({"type": "discard_for_hope", "cards": []}),
        json!({"type": "discard_to_hand_size", "cards": []}),
    ];
    for t in ["wait", "pass", "decline", "ready", "abandon_request", "end_actions", "refuse_invitation"] {
        out.push(json!({ "type": t }));
    }
    for s in 0..g.seats {
        out.push(json!({"type": "give_hope", "to": s, "amount": 1}));
        out.push(json!({"type": "accept", "from": s, "n": 0}));
        out.push(json!({"type": "reject", "from": s, "n": 0}));
        out.push(json!({"type": "withdraw", "to": s, "n": 0}));
        out.push(json!({"type": "invite", "school": s}));
        out.push(json!({"type": "first", "pc": s}));
        out.push(json!({"type": "attack", "target": {"pc": s}}));
        out.push(json!({"type": "special", "pc": s, "stat": "def"}));
        out.push(json!({"type": "token_attack", "pc": s}));
        if let Some(c) = chars.get(usize::from(s) * 3 + 1) {
            out.push(json!({"type": "offer", "to": s, "take": [c]}));
        }
    }
    for c in &chars {
        out.push(json!({"type": "recover", "characters": [c]}));
        out.push(json!({"type": "advance", "characters": [c]}));
        out.push(json!({"type": "use_power", "character": c}));
        out.push(json!({"type": "secret_mission", "character": c}));
        out.push(json!({"type": "train", "character": c}));
        out.push(json!({"type": "send", "character": c}));
        out.push(json!({"type": "champion", "character": c}));
        out.push(json!({"type": "offer", "to": 0, "give": [c]}));
        out.push(json!({"type": "play_event", "card": "tantrum", "targets": [1], "character": c}));
    }
    for c in &cards {
        out.push(json!({"type": "play_event", "card": c}));
        out.push(json!({"type": "play_event", "card": c, "targets": [0]}));
        out.push(json!({"type": "react", "card": c}));
        out.push(json!({"type": "discard_for_hope", "cards": [c]}));
        out.push(json!({"type": "discard_to_hand_size", "cards": [c]}));
    }
    out.into_iter().filter_map(|v| serde_json::from_value(v).ok()).collect()
}

fn generic(e: &RuleError) -> bool {
    let text = format!("{:?}", e.message);
    GENERIC.iter().any(|x| text.contains(x)) || e.message.trim().is_empty()
}

#[test]
fn refusals_in_play_name_their_fact() {
    let list = std::env::var("XMEN_REFUSALS_LIST").is_ok();
    let (mut refused, mut found, mut seen) = (0usize, Vec::new(), std::collections::BTreeSet::new());
    for (seed, seats) in [(0u64, 3u8), (1, 4), (2, 3)] {
        let mut rng = GameRng::seeded(seed);
        let mut pick = GameRng::seeded(seed ^ 0x5eed);
        let o = Options { pick_schools: seed != 1, max_rounds: 2 };
        let mut g = XMen::setup(&o, seats, &mut rng).expect("setup");
        for step in 0..4000 {
            let pending = g.pending();
            if pending.is_over() {
                break;
            }
            let awaited = pending.awaited();
            let seat = awaited.iter().next().expect("someone is awaited");
            if step % 4 == 0 {
                for s in 0..=seats {
                    for a in probes(&g) {
                        if let Err(e) = g.clone().apply(s, &a, &mut rng.clone()) {
                            refused += 1;
                            if list {
                                seen.insert(format!("[{}] {}", e.rule, e.message));
                            }
                            if generic(&e) {
                                found.push(format!("{a:?} → [{}] {}", e.rule, e.message));
                            }
                        }
                    }
                }
            }
            let a = g.random_action(seat, &mut pick).expect("an awaited seat has a legal action");
            g.apply(seat, &a, &mut rng).expect("a sampled action is accepted");
        }
    }
    if list {
        eprintln!("{}", seen.into_iter().collect::<Vec<_>>().join("\n"));
    }
    found.sort();
    found.dedup();
    assert!(refused > 5000, "only {refused} refusals probed");
    assert!(found.is_empty(), "{} refusals give a generic reason:\n{}", found.len(), found.join("\n"));
    eprintln!("{refused} refusals probed, each naming its fact");
}

/// A three-School match (fixed Schools) set up, then the given fields set
/// (as a scenario's `given`).
fn given(fields: &[(&str, Value)]) -> XMen {
    let o = Options { pick_schools: false, max_rounds: 2 };
    let g = XMen::setup(&o, 3, &mut GameRng::seeded(1)).expect("setup");
    let mut v = serde_json::to_value(&g).expect("serializes");
    for (pointer, value) in fields {
        *v.pointer_mut(pointer).unwrap_or_else(|| panic!("no field at {pointer}")) = value.clone();
    }
    serde_json::from_value(v).expect("the state reads")
}

/// Plays `action` for `seat`: its refusal's rule and message, or "" if
/// accepted (the state then moves on).
fn act(g: &mut XMen, seat: u8, action: Value) -> (String, String) {
    let a: Action = serde_json::from_value(action).expect("an action");
    match g.apply(seat, &a, &mut GameRng::seeded(2)) {
        Ok(_) => (String::new(), String::new()),
        Err(e) => (e.rule, e.message),
    }
}

#[test]
fn plot_phase_refusals_name_whose_turn_the_request_and_the_plot_points() {
    // As scenarios/refusals-plot-phase-name-the-fact.toml.
    let mut g = given(&[
        ("/players/0/hand", json!(["rally-the-students"])),
        ("/players/0/pp", json!(1)),
        ("/players/1/pp", json!(3)),
        ("/players/2/pp", json!(2)),
        ("/phase", json!({"phase": "plot", "current": 0, "passed": []})),
    ]);
    let (p, e) = ("Plot Phase", "Playing Event Cards");
    let steps: &[(u8, Value, &str, &str)] = &[
        (1, json!({"type": "pass"}), p, "It is Wolverine's School's turn to act, not yours."),
        (
            0,
            json!({"type": "give_hope", "to": 0, "amount": 1}),
            "Hope Coins",
            "Hope is given to another School, not to your own.",
        ),
        (
            0,
            json!({"type": "request_support", "amount": 9}),
            e,
            "A request for support is for 1 to 6 Plot Points, not 9.",
        ),
        (
            0,
            json!({"type": "discard_for_hope", "cards": []}),
            "Discard Cards for Hope Coins",
            "You named no card: discard at least 1 for Hope Coins.",
        ),
        (
            0,
            json!({"type": "bid", "value": 3}),
            p,
            "It is your turn to act in the Plot Phase, where \"bid\" is not a choice: play an Event, ask for support, discard for Hope, use a Power or pass.",
        ),
        (0, json!({"type": "request_support", "amount": 3}), "", ""),
        (
            0,
            json!({"type": "pledge", "amount": 1}),
            e,
            "You asked for this support; Cyclops's School and Magneto's School still to pledge.",
        ),
        (
            1,
            json!({"type": "pass"}),
            e,
            "Wolverine's School asked for 3 Plot Points of support; the table waits for the pledges of Cyclops's School and Magneto's School.",
        ),
        (1, json!({"type": "pledge", "amount": 9}), e, "You pledge 9 Plot Points and have 3 Plot Points."),
        (1, json!({"type": "pledge", "amount": 3}), "", ""),
        (
            1,
            json!({"type": "pledge", "amount": 1}),
            e,
            "You have pledged already (a pledge is locked); Magneto's School still to pledge.",
        ),
        (
            0,
            json!({"type": "pass"}),
            e,
            "Wolverine's School asked for 3 Plot Points of support; the table waits for the pledges of Magneto's School.",
        ),
        (3, json!({"type": "pass"}), "Seats", "There is no seat 4: this match has 3."),
    ];
    for (seat, action, rule, words) in steps {
        assert_eq!(act(&mut g, *seat, action.clone()), (rule.to_string(), words.to_string()), "{action}");
    }
}

#[test]
fn upkeep_refusals_name_the_character_the_stage_and_the_order() {
    // As scenarios/refusals-upkeep-name-the-fact.toml.
    let mut g = given(&[("/mc", json!(1))]);
    let u = "Upkeep";
    let steps: &[(u8, Value, &str, &str)] = &[
        (0, json!({"type": "recover", "characters": ["cyclops"]}), u, "Cyclops is not in your School"),
        (0, json!({"type": "recover", "characters": ["wolverine", "wolverine"]}), u, "Wolverine is named twice"),
        (
            0,
            json!({"type": "advance", "characters": []}),
            u,
            "This is the Recover Characters stage of Upkeep, where \"advance\" is not a choice.",
        ),
        (0, json!({"type": "recover", "characters": ["wolverine"]}), "", ""),
        (
            0,
            json!({"type": "wait"}),
            u,
            "You have made your choice for this stage; only a School that has not chosen may ask to wait.",
        ),
        (2, json!({"type": "wait"}), "", ""),
        (
            2,
            json!({"type": "recover", "characters": []}),
            u,
            "A School asked to wait, so this stage is done in clockwise order from the Mission Commander: it is Cyclops's School's turn.",
        ),
        (1, json!({"type": "wait"}), u, "A School has asked to wait already: this stage is done in clockwise order."),
    ];
    for (seat, action, rule, words) in steps {
        assert_eq!(act(&mut g, *seat, action.clone()), (rule.to_string(), words.to_string()), "{action}");
    }
}

#[test]
fn mission_refusals_name_the_pc_the_range_and_the_tokens() {
    // As scenarios/refusals-mission-name-the-fact.toml.
    let mut g = given(&[
        (
            "/players/2/chars",
            json!([
                {"id": "magneto", "power": 3, "injured": false, "triumph": false},
                {"id": "dagger", "power": 2, "injured": false, "triumph": false}
            ]),
        ),
        (
            "/phase",
            json!({"phase": "battle", "mission": "hulk-smash", "pcs": [
                {"seat": 0, "who": "wolverine", "hex": [0, -4], "stats": [4, 4, 3], "start": [4, 4, 3], "range": 1},
                {"seat": 2, "who": "dagger", "hex": [0, 4], "stats": [2, 2, 3], "start": [2, 2, 3], "range": 2}
            ], "tokens": [{"spec": 0, "hex": [0, 0], "damage": 0, "alive": true}], "to_place": [], "damage": [0, 0, 0],
            "destroyed": [0, 0, 0], "controller": 1, "transferred": false, "turn": 1, "quiet": 0, "busy": false,
            "step": {"step": "act", "order": [1, 0], "at": 0, "left": 2, "moved": false}}),
        ),
    ]);
    let attack = |target: Value, power: u8, charter: u8| json!({"type": "attack", "target": target, "power": power, "charter": charter});
    let steps: &[(u8, Value, &str, &str)] = &[
        (
            0,
            json!({"type": "end_actions"}),
            "Mission Turns",
            "The Mission waits for Magneto's School: the actions of Dagger.",
        ),
        (
            2,
            attack(json!({"token": 0}), 0, 0),
            "Attacking",
            "The target is 4 hexes from Dagger; its Attack Range is 2.",
        ),
        (2, attack(json!({"token": 3}), 0, 0), "Attacking", "There is no Mission Character #4."),
        (2, attack(json!({"pc": 1}), 0, 0), "Attacking", "Cyclops's School has no PC in this Mission."),
        (2, attack(json!({"pc": 2}), 0, 0), "Attacking", "Dagger does not attack itself."),
        (
            2,
            attack(json!({"token": 0}), 0, 5),
            "Using Charter Cards During Missions",
            "The Charter spends 5 of your Leader's Power Tokens, and it has 3.",
        ),
        (
            2,
            attack(json!({"token": 0}), 3, 0),
            "Using Powers During Missions",
            "Dagger spends 3 Power Tokens and has only 2.",
        ),
        (
            2,
            json!({"type": "regain", "stat": "def"}),
            "Using Powers During Missions",
            "Dagger has not just Moved; this Power is used right after a Move.",
        ),
        (
            2,
            json!({"type": "first", "pc": 2}),
            "Taking Actions",
            "It is Dagger's action (2 left): a PC may Move, Attack, use a Power or end its actions, and \"first\" is none of these.",
        ),
        (
            2,
            json!({"type": "move", "to": [0, -3]}),
            "Moving",
            "Dagger cannot reach [0, -3]: it moves up to 3 hexes, never through Obstacles or other Characters",
        ),
    ];
    for (seat, action, rule, words) in steps {
        assert_eq!(act(&mut g, *seat, action.clone()), (rule.to_string(), words.to_string()), "{action}");
    }
}
