//! Whole games by random play through the rules functions, at 4 and 5
//! seats: every game ends (victory or final scoring after turn 4); every
//! refused candidate leaves the table and the generator as they were; the
//! state survives a serde round-trip at every step; replaying the seed and
//! the accepted steps rebuilds the same table. (The `Game` contract's
//! checks, ahead of the `Game` impl; see the README.)

use backroom_engine::{GameRng, LogEntry, RuleError, Seat};
use villains::action::choices::{Activation, CardChoices, DeployPick, PlanScore, SkillChoice};
use villains::content::effect::UnitType;
use villains::content::{AreaId, CardId, FactionId, PlanId, content};
use villains::rules::action_tokens::activate;
use villains::rules::combat::{assign_hit, attack, battle_actor, card_attack, defenders, sacrifice};
use villains::rules::end_phase::completable_objectives;
use villains::rules::place_action_tokens::{can_place, open_spaces, pass as pass_placing, place_token};
use villains::rules::setup::{available_factions, choose_faction, setup};
use villains::rules::skill_abilities::{skill_areas, use_skill};
use villains::rules::start_phase::{bottom_plan, inside_job, may_select_target, select_target, target_waiting};
use villains::rules::take_actions::{discard, locked, pass as pass_action, reveal, revealable};
use villains::rules::turn_loop::score_plans;
use villains::rules::units::enemies_in;
use villains::state::payment::Payment;
use villains::state::{Phase, TokenKind, UnitUid, Villains};
use villains::view::{redeal, view};

/// One step, replayable.
#[derive(Debug, Clone)]
enum Act {
    Faction(Seat, FactionId),
    Bottom(Seat, PlanId),
    InsideJob(Seat, Seat),
    Target(Seat, CardId),
    Place(Seat, TokenKind, AreaId),
    PassPlacing(Seat),
    Reveal(Seat, (AreaId, usize)),
    Activate(Seat, Activation),
    Discard(Seat),
    Skill(Seat, AreaId, SkillChoice),
    Locked(Seat),
    Pass(Seat),
    Attack(Seat, UnitUid, Seat),
    Hit(Seat, UnitUid),
    Sacrifice(Seat, UnitUid),
    CardAttack(Seat, Seat),
    SacrificeUnit(Seat, UnitUid),
    LabDraw(Seat),
    KeepFighting(Seat, bool),
    LabPlay(Seat, CardChoices, u8),
    FusionPlay(Seat, CardId, u8),
    FusionStop(Seat),
    DiscardCard(Seat, CardId),
    Score(Seat, Vec<PlanScore>),
    /// An action through the engine contract (the owed champion choices).
    Game(Seat, villains::Action),
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
        match self.clone() {
            Act::Faction(seat, f) => {
                let mut log = choose_faction(s, seat, f, rng)?;
                if s.phase == Phase::Start {
                    log.extend(villains::rules::start_phase::begin_turn(s, rng));
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
            Act::Activate(seat, how) => activate(s, seat, &how, rng),
            Act::Discard(seat) => discard(s, seat),
            Act::Skill(seat, a, c) => use_skill(s, seat, a, &c, rng),
            Act::Locked(seat) => locked(s, seat),
            Act::Pass(seat) => pass_action(s, seat),
            Act::Attack(seat, u, d) => attack(s, seat, u, d, rng),
            Act::Hit(seat, u) => assign_hit(s, seat, u),
            Act::Sacrifice(seat, u) => sacrifice(s, seat, u),
            Act::CardAttack(seat, d) => card_attack(s, seat, d, rng),
            Act::SacrificeUnit(seat, u) => villains::rules::choices::sacrifice_unit(s, seat, u),
            Act::LabDraw(seat) => villains::rules::card_token::lab_draw(s, seat),
            Act::FusionPlay(seat, card, cost) => {
                let p = pay(s, seat, cost);
                villains::rules::mr_fusion::play(s, seat, card, p, &CardChoices::default(), rng)
            }
            Act::FusionStop(seat) => villains::rules::mr_fusion::stop(s, seat),
            Act::KeepFighting(seat, yes) => villains::rules::combat::keep_fighting(s, seat, yes),
            Act::LabPlay(seat, c, cost) => {
                let p = pay(s, seat, cost);
                villains::rules::card_token::lab_play(s, seat, p, &c, rng)
            }
            Act::DiscardCard(seat, c) => villains::rules::choices::discard_card(s, seat, c),
            Act::Game(seat, a) => backroom_engine::Game::apply(s, seat, &a, rng),
            Act::Score(seat, v) => score_plans(s, seat, &v, rng),
        }
    }
}

fn pick<T: Clone>(v: &[T], bot: &mut GameRng) -> T {
    v[bot.index(v.len())].clone()
}

fn pay(s: &Villains, seat: Seat, cost: u8) -> Payment {
    Payment::energy_first(s, seat, cost)
}

fn units_here(s: &Villains, seat: Seat, a: AreaId) -> Vec<UnitUid> {
    s.area(a).units.iter().filter(|u| u.owner == seat).map(|u| u.uid).collect()
}

/// Candidate activations of a revealed token in `a`, with every payment
/// from 0 to 8 (the rules refuse the wrong ones).
fn activations(s: &Villains, seat: Seat, a: AreaId, bot: &mut GameRng) -> Vec<Activation> {
    let mut out = Vec::new();
    let reserve: Vec<UnitType> =
        s.players[seat as usize].reserve_units.iter().filter(|(_, n)| **n > 0).map(|(k, _)| *k).collect();
    let movable: Vec<UnitUid> = content().adjacent(a).iter().flat_map(|x| units_here(s, seat, *x)).collect();
    let hand = s.players[seat as usize].hand.clone();
    for cost in 0..=8u8 {
        let p = pay(s, seat, cost);
        if !reserve.is_empty() {
            let n = 1 + bot.index(2);
            let units =
                (0..n).map(|_| DeployPick { kind: pick(&reserve, bot), from: None, stay_wounded: false }).collect();
            out.push(Activation::Deploy { units, payment: p });
        }
        if !movable.is_empty() {
            out.push(Activation::Move { units: vec![pick(&movable, bot)], payment: p });
        }
        out.push(Activation::Battle { payment: p });
        let enemies: Vec<UnitUid> = s.area(a).units.iter().filter(|u| u.owner != seat).map(|u| u.uid).collect();
        out.push(Activation::Unique {
            payment: p,
            target: if enemies.is_empty() { None } else { Some(pick(&enemies, bot)) },
        });
        if !hand.is_empty() {
            let mut choices = CardChoices::default();
            if !reserve.is_empty() {
                choices.units = vec![DeployPick { kind: pick(&reserve, bot), from: None, stay_wounded: false }];
            }
            let mine: Vec<UnitUid> = s.units_of(seat).map(|(_, u)| u.uid).collect();
            if !mine.is_empty() {
                choices.moving = vec![pick(&mine, bot)];
            }
            choices.token = s.area(a).tokens().find(|t| t.owner != seat && !t.face_up).map(|t| t.uid);
            choices.unit_type = Some(pick(&[UnitType::Goon, UnitType::Mole, UnitType::Talent, UnitType::Patsy], bot));
            choices.opponent = Some((seat + 1 + bot.index(s.seats as usize - 1) as u8) % s.seats);
            out.push(Activation::Card { card: pick(&hand, bot), payment: p, choices });
        }
    }
    out
}

/// Every candidate step for the seat that acts now (some will be refused).
fn candidates(s: &Villains, bot: &mut GameRng) -> Vec<Act> {
    if let Some(o) = villains::rules::choices::next(s) {
        let seat = o.seat();
        return match o {
            villains::state::owed::Owed::Sacrifice { .. } => {
                s.units_of(seat).map(|(_, u)| Act::SacrificeUnit(seat, u.uid)).collect()
            }
            villains::state::owed::Owed::KeepFighting { .. } => {
                vec![Act::KeepFighting(seat, true), Act::KeepFighting(seat, false)]
            }
            villains::state::owed::Owed::LabCard { .. } => {
                let mut v = vec![Act::LabDraw(seat)];
                let mut c = CardChoices::default();
                if let Some(k) = s.players[seat as usize].reserve_units.iter().find(|(_, n)| **n > 0).map(|(k, _)| *k) {
                    c.units = vec![DeployPick { kind: k, from: None, stay_wounded: false }];
                }
                v.extend((0..4).map(|cost| Act::LabPlay(seat, c.clone(), cost)));
                v.push(Act::LabPlay(seat, CardChoices::default(), 0));
                v
            }
            villains::state::owed::Owed::Discard { .. } => {
                s.players[seat as usize].hand.iter().map(|c| Act::DiscardCard(seat, *c)).collect()
            }
            villains::state::owed::Owed::Fusion { .. } => {
                let mut v = vec![Act::FusionStop(seat)];
                for c in &s.players[seat as usize].hand {
                    v.extend((0..4).map(|cost| Act::FusionPlay(seat, *c, cost)));
                }
                v
            }
            villains::state::owed::Owed::FreeDeploy { .. } => UnitType::ALL
                .into_iter()
                .map(Some)
                .chain([None])
                .map(|unit| Act::Game(seat, villains::Action::FreeDeploy { unit }))
                .collect(),
            villains::state::owed::Owed::ChooseVictim { area, .. } => enemies_in(s, seat, area)
                .into_iter()
                .map(|enemy| Act::Game(seat, villains::Action::ChooseVictim { enemy }))
                .collect(),
            villains::state::owed::Owed::SacrificeIn { area, .. } => {
                units_here(s, seat, area).into_iter().map(|u| Act::SacrificeUnit(seat, u)).collect()
            }
            villains::state::owed::Owed::CancelHit { .. } => vec![
                Act::Game(seat, villains::Action::CancelHit { pay: true }),
                Act::Game(seat, villains::Action::CancelHit { pay: false }),
            ],
            villains::state::owed::Owed::ChampionAttack { from, .. } => {
                villains::rules::choices::champion_targets(s, seat, from)
                    .into_iter()
                    .map(|target| Act::Game(seat, villains::Action::ChampionAttack { target }))
                    .collect()
            }
        };
    }
    if let Some(b) = &s.battle {
        let Some(seat) = battle_actor(s) else {
            return vec![];
        };
        if let Some(h) = b.hits {
            return units_here(s, h.defender, h.area).into_iter().map(|u| Act::Hit(seat, u)).collect();
        }
        if let Some(q) = b.sacrifices.first() {
            return units_here(s, q.seat, q.area).into_iter().map(|u| Act::Sacrifice(seat, u)).collect();
        }
        let mine: Vec<UnitUid> = b.to_attack.iter().filter(|a| a.owner == seat).map(|a| a.uid).collect();
        let d = defenders(s, seat);
        return vec![Act::Attack(seat, pick(&mine, bot), pick(&d, bot))];
    }
    if let Some(a) = &s.attacks {
        if let Some(h) = a.hits {
            return units_here(s, h.defender, h.area).into_iter().map(|u| Act::Hit(h.defender, u)).collect();
        }
        return enemies_in(s, a.attacker, a.queue[0].0).into_iter().map(|d| Act::CardAttack(a.attacker, d)).collect();
    }
    match s.phase.clone() {
        Phase::SelectFactions { chooser } => {
            vec![Act::Faction(chooser, pick(&available_factions(s), bot))]
        }
        Phase::SelectPlans { waiting } => {
            let seat = pick(&waiting.iter().collect::<Vec<_>>(), bot);
            vec![Act::Bottom(seat, pick(&s.players[seat as usize].plans, bot))]
        }
        Phase::SelectTargets { inside_job: used } => {
            let w: Vec<Seat> = target_waiting(s).iter().filter(|x| may_select_target(s, *x)).collect();
            let seat = pick(&w, bot);
            let mut v = vec![Act::Target(seat, pick(&s.players[seat as usize].hand, bot))];
            if used.is_none() && s.faction_of(seat).id == "mafia" {
                v.extend((0..s.seats).filter(|e| *e != seat).map(|e| Act::InsideJob(seat, e)));
            }
            v
        }
        Phase::PlaceTokens { current } => {
            if !can_place(s, current) || bot.index(10) == 0 {
                return vec![Act::PassPlacing(current)];
            }
            let kinds: Vec<TokenKind> =
                s.players[current as usize].reserve_tokens.iter().filter(|(_, n)| **n > 0).map(|(k, _)| *k).collect();
            let areas: Vec<AreaId> = content().area_ids().filter(|a| !open_spaces(s, current, *a).is_empty()).collect();
            let a = pick(&areas, bot);
            kinds.into_iter().map(|k| Act::Place(current, k, a)).collect()
        }
        Phase::TakeActions { current, revealed: Some(uid) } => {
            let (a, _) = villains::rules::take_actions::find(s, uid).unwrap();
            let mut v: Vec<Act> =
                activations(s, current, a, bot).into_iter().map(|h| Act::Activate(current, h)).collect();
            v.push(Act::Discard(current));
            v
        }
        Phase::TakeActions { current, revealed: None } => {
            let mut v: Vec<Act> = revealable(s, current).into_iter().map(|spot| Act::Reveal(current, spot)).collect();
            for a in skill_areas(s, current) {
                let tokens: Vec<_> = s.areas.iter().flat_map(|x| x.tokens()).map(|t| t.uid).collect();
                let mine: Vec<UnitUid> = s.units_of(current).map(|(_, u)| u.uid).collect();
                let mut c = SkillChoice { payment: Payment::default(), ..Default::default() };
                if !tokens.is_empty() {
                    c.tokens = vec![pick(&tokens, bot)];
                }
                c.area = Some(pick(&content().area_ids().collect::<Vec<_>>(), bot));
                if !mine.is_empty() {
                    c.unit = Some(pick(&mine, bot));
                }
                c.defender = Some(bot.index(s.seats as usize) as Seat);
                v.push(Act::Skill(current, a, c));
            }
            v.push(Act::Locked(current));
            v.push(Act::Pass(current));
            v
        }
        Phase::ScorePlans { current } => {
            let p = &s.players[current as usize];
            let mut scores = Vec::new();
            for plan in &p.plans {
                let objs = completable_objectives(s, current, *plan);
                if !objs.is_empty() {
                    scores.push(PlanScore { plan: *plan, objectives: objs, discards: vec![] });
                }
            }
            vec![Act::Score(current, scores), Act::Score(current, vec![])]
        }
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => vec![],
    }
}

fn json(s: &Villains) -> String {
    serde_json::to_string(s).unwrap()
}

fn read(log: &[LogEntry], v: backroom_engine::Viewer) -> Vec<String> {
    log.iter().filter_map(|l| l.for_viewer(v).map(str::to_owned)).collect()
}

/// The non-leak check on one step: re-deal what each seat may not know;
/// its view and the spectator's must not change, and where the seat cannot
/// tell the worlds apart after the step, it reads the same log lines.
fn no_leak(s: &Villains, a: &Act, after: &Villains, lines: &[LogEntry], rng: &GameRng, seed: u64, step: usize) {
    use backroom_engine::Viewer;
    let v_json = |t: &Villains, v: Viewer| serde_json::to_string(&view(t, v)).unwrap();
    for seat in 0..s.seats {
        let mut other = s.clone();
        redeal(&mut other, seat, &mut GameRng::seeded(seed ^ ((step as u64) << 8) ^ u64::from(seat)));
        for v in [Viewer::Seat(seat), Viewer::Spectator] {
            assert_eq!(
                v_json(s, v),
                v_json(&other, v),
                "seed {seed} step {step}: {v:?}'s view depends on what seat {seat} may not know"
            );
        }
        let mut other_after = other.clone();
        if let Ok(other_lines) = a.apply(&mut other_after, &mut rng.clone()) {
            for v in [Viewer::Seat(seat), Viewer::Spectator] {
                if v_json(after, v) == v_json(&other_after, v) {
                    assert_eq!(
                        read(lines, v),
                        read(&other_lines, v),
                        "seed {seed} step {step}: {v:?}'s log lines after {a:?}"
                    );
                }
            }
        }
    }
}

/// The actor's other legal choices: every other viewer, when it cannot tell
/// the two outcomes apart by its views, reads the same lines.
#[allow(clippy::too_many_arguments, reason = "a test table is every fact it is set up with")]
fn alternative(
    s: &Villains,
    a: &Act,
    after: &Villains,
    lines: &[LogEntry],
    cands: &[Act],
    rng: &GameRng,
    seed: u64,
    step: usize,
) {
    use backroom_engine::Viewer;
    let actor = format!("{a:?}");
    let v_json = |t: &Villains, v: Viewer| serde_json::to_string(&view(t, v)).unwrap();
    for b in cands.iter().filter(|b| format!("{b:?}") != actor).take(6) {
        let mut w = s.clone();
        let Ok(b_lines) = b.apply(&mut w, &mut rng.clone()) else {
            continue;
        };
        for v in (0..s.seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
            if v_json(after, v) == v_json(&w, v) {
                let same_actor = matches!(a, Act::Place(x, ..) | Act::Bottom(x, _) | Act::Target(x, _) | Act::Score(x, _) if v == Viewer::Seat(*x));
                if !same_actor {
                    assert_eq!(
                        read(lines, v),
                        read(&b_lines, v),
                        "seed {seed} step {step}: {v:?} tells {a:?} from {b:?} by the log"
                    );
                }
            }
        }
    }
}

/// Plays one game; returns its steps and final table.
fn play(seats: u8, seed: u64) -> (Vec<Act>, Villains) {
    play_checked(seats, seed, false)
}

/// Plays one game, with the non-leak check at every step if `leaks`.
fn play_checked(seats: u8, seed: u64, leaks: bool) -> (Vec<Act>, Villains) {
    let mut rng = GameRng::seeded(seed);
    let mut bot = GameRng::seeded(seed ^ 0xfeed);
    let (mut s, _) = setup(seats, &mut rng).unwrap();
    let mut done = Vec::new();
    for step in 0..6000 {
        if matches!(s.phase, Phase::Over { .. }) {
            return (done, s);
        }
        let before = json(&s);
        let back: Villains = serde_json::from_str(&before).unwrap();
        assert_eq!(json(&back), before, "seed {seed} step {step}: serde round-trip");
        let mut cands = candidates(&s, &mut bot);
        assert!(!cands.is_empty(), "seed {seed} step {step}: nobody can act in {:?}", s.phase);
        // Random order, then the first accepted; refusals change nothing.
        bot.shuffle(&mut cands);
        let cands_all = cands.clone();
        let mut accepted = None;
        for a in cands {
            let mut r = rng.clone();
            let mut t = s.clone();
            match a.apply(&mut t, &mut r) {
                Ok(lines) => {
                    if leaks {
                        no_leak(&s, &a, &t, &lines, &rng, seed, step);
                        alternative(&s, &a, &t, &lines, &cands_all, &rng, seed, step);
                    }
                    accepted = Some((a, t, r));
                    break;
                }
                Err(_) => {
                    assert_eq!(json(&t), before, "seed {seed} step {step}: refused {a:?} changed the table");
                    assert_eq!(r, rng, "seed {seed} step {step}: refused {a:?} used the generator");
                }
            }
        }
        let (a, t, r) =
            accepted.unwrap_or_else(|| panic!("seed {seed} step {step}: no candidate accepted in {:?}", s.phase));
        done.push(a);
        s = t;
        rng = r;
    }
    panic!("seed {seed}: no end after 6000 steps (turn {}, {:?})", s.turn, s.phase);
}

#[test]
fn random_games_end_replay_and_refuse_cleanly_at_four_and_five_seats() {
    let mut turns = Vec::new();
    for seats in [4, 5] {
        for seed in 0..4 {
            let (acts, end) = play(seats, seed);
            let Phase::Over { winners } = &end.phase else { unreachable!() };
            assert!(!winners.is_empty());
            turns.push(end.turn);
            // Replay: the same seed and steps rebuild the same table.
            let mut rng = GameRng::seeded(seed);
            let (mut s, _) = setup(seats, &mut rng).unwrap();
            for a in &acts {
                a.apply(&mut s, &mut rng).unwrap();
            }
            assert_eq!(json(&s), json(&end), "seats {seats} seed {seed}: replay");
        }
    }
    assert!(turns.iter().all(|t| (1..=4).contains(t)), "{turns:?}");
}

#[test]
fn whole_games_keep_every_secret() {
    for (seats, seed) in [(4, 11), (5, 12)] {
        let (_, end) = play_checked(seats, seed, true);
        assert!(matches!(end.phase, Phase::Over { .. }));
    }
}
