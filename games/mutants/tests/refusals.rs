//! Refusals name the real reason with the fact that triggered it (the
//! stack, the count, the copy held, the missing gene, the Mutant already
//! incubated, the card that forbids incubating, what the table waits for),
//! never a generic "not allowed". The scenario files check the rule each
//! refusal names; these check its words.

use backroom_engine::{Game, GameRng};
use mutants::{Action, Mutants, Options, PoolMode};
use serde_json::{Value, json};

/// A match set up, then the given fields set (as a scenario's `given`).
fn given(seats: u8, options: Options, fields: &[(&str, Value)]) -> Mutants {
    let g = Mutants::setup(&options, seats, &mut GameRng::seeded(1)).expect("setup");
    let mut v = serde_json::to_value(&g).expect("serializes");
    for (pointer, value) in fields {
        *v.pointer_mut(pointer).unwrap_or_else(|| panic!("no field at {pointer}")) = value.clone();
    }
    serde_json::from_value(v).expect("the state reads")
}

fn my_turn(hand: Value, pool: Value) -> Mutants {
    let o = Options { gene_pools: PoolMode::Preconstructed, ..Options::default() };
    given(
        2,
        o,
        &[
            ("/phase", json!({"phase": "play"})),
            ("/turn", json!(0)),
            ("/stack", json!([{"task": "end_turn", "s": 0}, {"task": "await_action", "s": 0}])),
            ("/boards/0/hand", hand),
            ("/boards/0/pool", pool),
        ],
    )
}

/// The refusal's rule and message for `action` by `seat`.
fn refused(g: &Mutants, seat: u8, action: Value) -> (String, String) {
    let a: Action = serde_json::from_value(action).expect("an action");
    let e = g.clone().apply(seat, &a, &mut GameRng::seeded(2)).expect_err("refused");
    (e.rule, e.message)
}

#[test]
fn breed_refusals_name_the_stack_the_count_the_copy_and_the_missing_gene() {
    let g = my_turn(json!(["zombie", "robot", "beast"]), json!([["leech-lord"], [], ["tricera-tank"]]));
    let cases = [
        (
            json!({"type": "breed", "stack": 4, "cards": ["zombie", "robot"]}),
            "There is no Gene Pool stack 4; a Gene Pool has stacks 1 to 3.",
        ),
        (json!({"type": "breed", "stack": 2, "cards": ["zombie", "robot"]}), "Your Gene Pool stack 2 is empty."),
        (
            json!({"type": "breed", "stack": 1, "cards": ["zombie", "robot", "beast"]}),
            "You must always discard 2 cards to breed; you named 3.",
        ),
        (json!({"type": "breed", "stack": 1, "cards": ["zombie", "zombie"]}), "You hold only one Zombie."),
        (json!({"type": "breed", "stack": 1, "cards": ["zombie", "android"]}), "Android is not in your hand."),
        (
            json!({"type": "breed", "stack": 1, "cards": ["robot", "beast"]}),
            "Leech Lord needs the Necro gene, which neither Robot (Cyber) nor Beast (Zoomorph) carries.",
        ),
        (
            json!({"type": "breed", "stack": 3, "cards": ["zombie", "robot"]}),
            "Tricera Tank needs the Zoomorph gene, which neither Zombie (Necro) nor Robot (Cyber) carries.",
        ),
    ];
    for (action, words) in cases {
        assert_eq!(refused(&g, 0, action.clone()), ("Breed".to_string(), words.to_string()), "{action}");
    }
    let (rule, words) = refused(&g, 1, json!({"type": "breed", "stack": 1, "cards": ["zombie", "robot"]}));
    assert_eq!(
        (rule.as_str(), words.as_str()),
        ("Breed", "It is not your turn to take an action: another player is deciding.")
    );
}

#[test]
fn incubate_refusals_name_the_mutant_incubated_and_the_card_that_forbids_it() {
    let mut g = my_turn(json!(["zombie", "robot"]), json!([["krunk"], [], []]));
    g.boards[0].incubator = mutants::content::content().id("android");
    assert_eq!(
        refused(&g, 0, json!({"type": "incubate", "card": "zombie", "stack": 1})).1,
        "Your Incubator already holds Android; it takes one Mutant at a time."
    );
    let o = Options { boss: "jack-ice".into(), ..Options::default() };
    let g = given(
        1,
        o,
        &[
            ("/phase", json!({"phase": "play"})),
            ("/turn", json!(0)),
            ("/stack", json!([{"task": "end_turn", "s": 0}, {"task": "await_action", "s": 0}])),
            ("/boards/0/hand", json!(["zombie", "robot"])),
            ("/boards/0/pool", json!([["krunk"], [], []])),
            ("/boards/1/arena/2", json!({"card": "permafrost", "face_up": true})),
        ],
    );
    assert_eq!(
        refused(&g, 0, json!({"type": "incubate", "card": "zombie", "stack": 1})),
        (
            "Incubate".into(),
            "Permafrost, face up in Jack Ice's Arena, forbids Incubating (its Ongoing ability).".into()
        )
    );
}

#[test]
fn a_choice_out_of_turn_or_off_the_list_says_what_is_asked() {
    let g = my_turn(json!(["zombie", "robot"]), json!([["krunk"], [], []]));
    assert_eq!(
        refused(&g, 0, json!({"type": "choose", "pick": "zombie"})),
        ("Turn Sequence".into(), "No ability is waiting for your choice: you are to take an action.".into())
    );
    assert_eq!(
        refused(&g, 0, json!({"type": "move", "side": "left"})).1,
        "You are not moving your Active Mutant now: you are to take an action."
    );
    assert_eq!(
        refused(&g, 0, json!({"type": "draft_pick", "card": "android"})).1,
        "There is no draft now: you are to take an action."
    );
    assert_eq!(
        refused(&g, 0, json!({"type": "mulligan", "stacks": []})).1,
        "There is no mulligan now: you are to take an action."
    );
}

#[test]
fn an_answer_off_the_list_names_the_question_and_its_answers() {
    let mut g = my_turn(json!(["zombie", "robot"]), json!([["krunk"], [], []]));
    g.stack.push(serde_json::from_value(json!({"task": "discard_hand", "s": 0, "n": 1})).expect("a task"));
    let (rule, words) = refused(&g, 0, json!({"type": "choose", "pick": "android"}));
    assert_eq!(rule, "Icon Effects");
    assert!(
        words.starts_with("\"android\" does not answer \"Discard 1 card from your hand\"; the answers are "),
        "{words}"
    );
    assert!(words.contains("Zombie") && words.contains("Robot"), "{words}");
    assert_eq!(
        refused(&g, 0, json!({"type": "deploy", "card": "zombie"})).1,
        "It is not your turn to take an action: first answer \"Discard 1 card from your hand\"."
    );
}
