//! MAIN PHASE, Take Actions: which tokens may be revealed, refunds,
//! discarding, Locked and Pass.

mod common;

use backroom_engine::{GameRng, RuleCode, Viewer};
use common::{area, face_down, table};
use villains::rules::take_actions::{discard, locked, pass, reveal, revealable};
use villains::state::{Phase, TokenKind, Villains};

fn acting(first: u8) -> Villains {
    let mut s = table(&["communists", "mutants", "cult", "bankers"], first, &mut GameRng::seeded(31));
    s.phase = Phase::TakeActions { current: first, revealed: None };
    s
}

#[test]
fn only_tokens_with_no_face_down_token_before_them_may_be_revealed() {
    let mut s = acting(0);
    let (bank, church, police) = (area("bank"), area("church"), area("police"));
    // The Communists (seat 0): A tokens first on their tracks, B tokens behind others.
    face_down(&mut s, bank, 0, TokenKind::Deploy); // A
    face_down(&mut s, bank, 0, TokenKind::Card); // B: behind her own
    face_down(&mut s, church, 1, TokenKind::Move);
    face_down(&mut s, church, 0, TokenKind::Battle); // B: behind the Mutants'
    face_down(&mut s, police, 0, TokenKind::Unique); // A
    let mut r = revealable(&s, 0);
    r.sort();
    assert_eq!(r, [(police, 0), (bank, 0)]);
    let before = s.clone();
    let e = reveal(&mut s, 0, (church, 1)).unwrap_err();
    assert_eq!((e.code, e.rule.as_str()), (RuleCode::IllegalMove, "Revealing an Action Token"));
    assert_eq!(e.message, "A face-down token lies before space 2 of The Church.");
    let e = reveal(&mut s, 0, (church, 0)).unwrap_err();
    assert_eq!(
        e.message, "You have no face-down token in The Church, space 1.",
        "the Mutants' token: says nothing of it"
    );
    assert_eq!(s, before);
    assert_eq!(revealable(&s, 1), [(church, 0)]);
}

#[test]
fn a_refunded_token_pays_on_reveal_and_a_discarded_token_leaves_the_track() {
    let mut s = acting(0);
    let bank = area("bank");
    face_down(&mut s, bank, 0, TokenKind::Battle);
    face_down(&mut s, bank, 0, TokenKind::Card);
    let log = reveal(&mut s, 0, (bank, 0)).unwrap();
    assert_eq!(s.players[0].resources, 1, "the refund comes on reveal, before the choice");
    let t = s.area(bank).track[0].as_ref().unwrap();
    assert!(t.face_up && !t.activated);
    assert_eq!(t.kind.for_viewer(Viewer::Seat(2)), Some(&TokenKind::Battle));
    assert_eq!(
        log[0].for_viewer(Viewer::Seat(2)),
        Some("{seat:0(Communists)|reveals|reveal} a Battle token in The Bank, space 1.")
    );
    // The revealed token must be dealt with first.
    let e = reveal(&mut s, 0, (bank, 1)).unwrap_err();
    assert_eq!(e.message, "Activate or discard the token you revealed first.");
    assert!(pass(&mut s, 0).is_err() && locked(&mut s, 0).is_err());
    discard(&mut s, 0).unwrap();
    assert!(s.area(bank).track[0].is_none(), "a discarded token leaves the track (R4)");
    assert_eq!(s.players[0].spent_tokens.len(), 1);
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None });
    // The empty space blocks nothing.
    assert_eq!(revealable(&s, 0), [(bank, 1)]);
}

#[test]
fn the_cults_nothing_is_removed_when_revealed() {
    let mut s = acting(2);
    let lab = area("laboratory");
    face_down(&mut s, lab, 2, TokenKind::Unique);
    let log = reveal(&mut s, 2, (lab, 0)).unwrap();
    assert!(s.area(lab).track[0].is_none());
    assert_eq!(log[1].for_viewer(Viewer::Spectator), Some("The Nothing token cannot be activated and is removed."));
    assert_eq!(s.phase, Phase::TakeActions { current: 3, revealed: None });
    assert_eq!(s.players[2].resources, 0, "not refunded");
}

#[test]
fn locked_only_when_every_unrevealed_token_is_blocked_and_pass_only_when_none_is_left() {
    let mut s = acting(1);
    let sewers = area("sewers");
    face_down(&mut s, sewers, 0, TokenKind::Deploy);
    face_down(&mut s, sewers, 1, TokenKind::Deploy);
    let e = pass(&mut s, 1).unwrap_err();
    assert_eq!(e.rule, "Passing");
    locked(&mut s, 1).unwrap();
    assert_eq!(s.phase, Phase::TakeActions { current: 2, revealed: None });
    let e = locked(&mut s, 2).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("Declaring You Are Locked", "You have no unrevealed token left: pass instead.")
    );
    pass(&mut s, 2).unwrap();
    pass(&mut s, 3).unwrap();
    let e = locked(&mut s, 0).unwrap_err();
    assert_eq!(e.message, "You are not locked: you may reveal your token in The Sewers, space 1.");
    reveal(&mut s, 0, (sewers, 0)).unwrap();
    discard(&mut s, 0).unwrap();
    assert_eq!(s.phase, Phase::TakeActions { current: 1, revealed: None }, "passed players are skipped");
    reveal(&mut s, 1, (sewers, 1)).unwrap();
    discard(&mut s, 1).unwrap();
    pass(&mut s, 0).unwrap();
    let mut log = pass(&mut s, 1).unwrap();
    assert_eq!(s.phase, Phase::Combat { at: None }, "the Combat Step begins");
    // What the router runs after every action: the Combat Step goes on.
    villains::rules::turn_loop::after_action(&mut s, &mut log);
    assert!(log.iter().any(|l| l.for_viewer(Viewer::Spectator) == Some("Everyone has passed: the Combat Step.")));
    assert_eq!(s.phase, Phase::ScorePlans { current: 1 }, "no combat marker: on to the End Phase");
}
