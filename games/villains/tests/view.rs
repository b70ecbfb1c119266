//! Secrets by construction: over random play of the steps implemented so
//! far (setup, Start Phase, Place Action Tokens, Take Actions' reveals),
//! re-dealing everything a seat may not know changes neither its view nor
//! the spectator's, nor the log lines it reads of the next step.

use backroom_engine::{GameRng, LogEntry, RuleError, Seat, Viewer};
use villains::content::{AreaId, CardId, FactionId, PlanId, content};
use villains::rules::place_action_tokens::{can_place, open_spaces, pass as pass_placing, place_token};
use villains::rules::setup::{available_factions, choose_faction, setup};
use villains::rules::start_phase::{
    begin_turn, bottom_plan, inside_job, may_select_target, select_target, target_waiting,
};
use villains::rules::take_actions::{discard, locked, pass as pass_action, reveal, revealable};
use villains::state::payment::Payment;
use villains::state::{Phase, TokenKind, Villains};
use villains::view::{redeal, view};

/// One step of random play, replayable in another world.
#[derive(Debug, Clone)]
enum Act {
    Faction(Seat, FactionId),
    Bottom(Seat, PlanId),
    InsideJob(Seat, Seat),
    Target(Seat, CardId),
    Place(Seat, TokenKind, AreaId),
    PassPlacing(Seat),
    Reveal(Seat, (AreaId, usize)),
    Discard(Seat),
    Locked(Seat),
    Pass(Seat),
}

impl Act {
    /// The step's own rule, then what the router runs after every action
    /// (the Combat Step going on once Take Actions or a battle is over).
    fn apply(&self, s: &mut Villains, rng: &mut GameRng) -> Result<Vec<LogEntry>, RuleError> {
        let mut log = self.rule(s, rng)?;
        villains::rules::turn_loop::after_action(s, &mut log);
        Ok(log)
    }

    fn rule(&self, s: &mut Villains, rng: &mut GameRng) -> Result<Vec<LogEntry>, RuleError> {
        match *self {
            Act::Faction(seat, f) => {
                let mut log = choose_faction(s, seat, f, rng)?;
                if s.phase == Phase::Start {
                    log.extend(begin_turn(s, rng));
                }
                Ok(log)
            }
            Act::Bottom(seat, p) => bottom_plan(s, seat, p),
            Act::InsideJob(seat, e) => inside_job(s, seat, e),
            Act::Target(seat, c) => select_target(s, seat, c),
            Act::Place(seat, k, a) => {
                let pay = Payment::energy_first(s, seat, s.faction_of(seat).placement_cost);
                place_token(s, seat, k, a, None, pay)
            }
            Act::PassPlacing(seat) => pass_placing(s, seat),
            Act::Reveal(seat, spot) => reveal(s, seat, spot),
            Act::Discard(seat) => discard(s, seat),
            Act::Locked(seat) => locked(s, seat),
            Act::Pass(seat) => pass_action(s, seat),
        }
    }
}

fn pick<T: Clone>(v: &[T], bot: &mut GameRng) -> T {
    v[bot.index(v.len())].clone()
}

/// A random legal step, or `None` at the Combat Step.
fn random_act(s: &Villains, bot: &mut GameRng) -> Option<Act> {
    match s.phase.clone() {
        Phase::SelectFactions { chooser } => Some(Act::Faction(chooser, pick(&available_factions(s), bot))),
        Phase::Start | Phase::Combat { .. } | Phase::ScorePlans { .. } | Phase::Over { .. } => None,
        Phase::SelectPlans { waiting } => {
            let seat = pick(&waiting.iter().collect::<Vec<_>>(), bot);
            Some(Act::Bottom(seat, pick(&s.players[seat as usize].plans, bot)))
        }
        Phase::SelectTargets { inside_job: used } => {
            let w: Vec<Seat> = target_waiting(s).iter().filter(|x| may_select_target(s, *x)).collect();
            let seat = pick(&w, bot);
            let mafia = s.faction_of(seat).id == "mafia";
            if mafia && used.is_none() && bot.index(2) == 0 {
                let enemies: Vec<Seat> =
                    (0..s.seats).filter(|e| *e != seat && s.players[*e as usize].target.is_some()).collect();
                if !enemies.is_empty() {
                    return Some(Act::InsideJob(seat, pick(&enemies, bot)));
                }
            }
            Some(Act::Target(seat, pick(&s.players[seat as usize].hand, bot)))
        }
        Phase::PlaceTokens { current } => {
            if !can_place(s, current) || bot.index(12) == 0 {
                return Some(Act::PassPlacing(current));
            }
            let kinds: Vec<TokenKind> =
                s.players[current as usize].reserve_tokens.iter().filter(|(_, n)| **n > 0).map(|(k, _)| *k).collect();
            let areas: Vec<AreaId> = content().area_ids().filter(|a| !open_spaces(s, current, *a).is_empty()).collect();
            Some(Act::Place(current, pick(&kinds, bot), pick(&areas, bot)))
        }
        Phase::TakeActions { current, revealed } => {
            if revealed.is_some() {
                return Some(Act::Discard(current));
            }
            let r = revealable(s, current);
            if !r.is_empty() {
                return Some(Act::Reveal(current, pick(&r, bot)));
            }
            Some(if s.face_down_tokens_of(current) > 0 { Act::Locked(current) } else { Act::Pass(current) })
        }
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap()
}

fn read(log: &[LogEntry], v: Viewer) -> Vec<String> {
    log.iter().filter_map(|l| l.for_viewer(v).map(str::to_owned)).collect()
}

fn play_and_check(seats: u8, seed: u64) -> (usize, usize, usize) {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0xb0b);
    let (mut s, _) = setup(seats, &mut rng).unwrap();
    let (mut checks, mut effective, mut log_checks) = (0, 0, 0);
    for step in 0..400 {
        let Some(act) = random_act(&s, &mut bot) else {
            break;
        };
        // Sometimes a seat peeks at a face-down token (as the University's skill will).
        if bot.index(10) == 0 {
            let peeker = bot.index(seats as usize) as Seat;
            let spots: Vec<(usize, usize)> = s
                .areas
                .iter()
                .enumerate()
                .flat_map(|(a, ar)| {
                    ar.track
                        .iter()
                        .enumerate()
                        .filter(|(_, t)| t.as_ref().is_some_and(|t| !t.face_up))
                        .map(move |(i, _)| (a, i))
                })
                .collect();
            if !spots.is_empty() {
                let (a, i) = pick(&spots, &mut bot);
                s.areas[a].track[i].as_mut().unwrap().kind.reveal_to(peeker);
            }
        }
        let mut after = s.clone();
        let lines = act
            .apply(&mut after, &mut rng.clone())
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {act:?} refused: {e}"));
        for v in 0..seats {
            let mut other = s.clone();
            redeal(&mut other, v, &mut GameRng::seeded(seed ^ (step << 8) ^ u64::from(v)));
            checks += 1;
            if json(&other) != json(&s) {
                effective += 1;
            }
            let (a, b) = (json(&view(&s, Viewer::Seat(v))), json(&view(&other, Viewer::Seat(v))));
            assert_eq!(a, b, "seed {seed} step {step}: seat {v}'s view depends on what it may not know");
            assert_eq!(
                json(&view(&s, Viewer::Spectator)),
                json(&view(&other, Viewer::Spectator)),
                "seed {seed} step {step}: spectator"
            );
            // The same step in the re-dealt world: where the viewer cannot
            // tell the worlds apart afterwards, it reads the same lines.
            let mut other_after = other.clone();
            if let Ok(other_lines) = act.apply(&mut other_after, &mut rng.clone()) {
                for viewer in [Viewer::Seat(v), Viewer::Spectator] {
                    if json(&view(&after, viewer)) == json(&view(&other_after, viewer)) {
                        log_checks += 1;
                        assert_eq!(
                            read(&lines, viewer),
                            read(&other_lines, viewer),
                            "seed {seed} step {step}: {viewer:?}'s log lines after {act:?}"
                        );
                    }
                }
            }
        }
        let mut r = rng.clone();
        act.apply(&mut s, &mut r).unwrap();
        rng = r;
    }
    assert!(
        matches!(s.phase, Phase::Combat { .. } | Phase::ScorePlans { .. }),
        "seed {seed}: random play reaches the Combat Step"
    );
    (checks, effective, log_checks)
}

#[test]
fn views_and_log_lines_hold_no_secret_at_four_and_five_seats() {
    let mut totals = (0, 0, 0);
    for seed in 0..4 {
        for seats in [4, 5] {
            let (c, e, l) = play_and_check(seats, seed);
            totals = (totals.0 + c, totals.1 + e, totals.2 + l);
        }
    }
    assert!(totals.1 * 2 > totals.0, "the re-deal really changes hidden things: {totals:?}");
    assert!(totals.2 > totals.0, "log lines compared: {totals:?}");
}

#[test]
fn a_seat_sees_its_own_secrets_and_counts_of_the_others() {
    let mut rng = GameRng::seeded(9);
    let mut bot = GameRng::seeded(10);
    let (mut s, _) = setup(4, &mut rng).unwrap();
    while !matches!(s.phase, Phase::PlaceTokens { .. }) {
        let a = random_act(&s, &mut bot).unwrap();
        a.apply(&mut s, &mut rng).unwrap();
    }
    let v = view(&s, Viewer::Seat(1));
    assert_eq!(v.players[1].hand.as_deref(), Some(&s.players[1].hand[..]));
    assert!(v.players[0].hand.is_none() && v.players[0].hand_count == s.players[0].hand.len());
    assert!(v.players[0].plans.is_none() && v.players[0].plan_count == 2);
    assert_eq!(v.players[1].plans_bottomed.as_ref().map(Vec::len), Some(1));
    // Plan progress: one entry per objective of each own plan; none for others.
    let progress = v.players[1].plan_progress.as_ref().expect("own progress");
    assert_eq!(progress.len(), s.players[1].plans.len());
    for (p, marks) in s.players[1].plans.iter().zip(progress) {
        assert_eq!(marks.len(), p.plan().objectives.len());
    }
    assert!(v.players[0].plan_progress.is_none());
    assert!(matches!(v.players[1].target, villains::view::TargetView::Known(_)));
    assert!(v.players[0].reserve_tokens.is_none() && v.players[1].reserve_tokens.is_some());
    let spectator = json(&view(&s, Viewer::Spectator));
    for p in &s.players {
        for c in &p.hand {
            assert!(!spectator.contains(&json(c)), "a hand card in the spectator's view");
        }
    }
}
