//! The game state: Schools, their Characters, the three decks, and the
//! phase the round is in.
//!
//! Everything here is serializable and holds card *ids* only; card records
//! are looked up in the static [`crate::content::content`]. Hidden parts are
//! kept in clearly named fields (`hand`, `*_deck`, `row`, `dials`,
//! `commits`, offers) so [`crate::view`] can build views by allow-list and
//! [`crate::view`]'s re-deal knows what to shuffle.

pub mod battle;
pub mod phase;

use crate::content::{MissionId, PlotId, RecruitId, RecruitType, content};
use backroom_engine::{Seat, SeatRef, SeatSet, and_list, seat_ref};
use serde::{Deserialize, Serialize};

/// A Character of a School: its Leader or one of its Heroes and Students.
/// Serialized as the id of the Leader or of the Recruit card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CharKey {
    /// The Leader of School `n` (index into the content's Schools).
    Leader(u8),
    /// A Hero or Student card.
    Recruit(RecruitId),
}

impl CharKey {
    /// The id string.
    pub fn id(self) -> &'static str {
        match self {
            CharKey::Leader(s) => &content().schools[s as usize].leader.id,
            CharKey::Recruit(r) => r.key_str(),
        }
    }

    /// Parses an id string.
    pub fn parse(s: &str) -> Option<CharKey> {
        let c = content();
        if let Some(i) = c.schools.iter().position(|x| x.leader.id == s) {
            return Some(CharKey::Leader(i as u8));
        }
        let r = c.recruit_id(s)?;
        (r.card().kind != RecruitType::Training).then_some(CharKey::Recruit(r))
    }

    /// The display name.
    pub fn name(self) -> &'static str {
        match self {
            CharKey::Leader(s) => &content().schools[s as usize].leader.name,
            CharKey::Recruit(r) => &r.card().name,
        }
    }

    /// Leader, Hero or Student.
    pub fn rank(self) -> Rank {
        match self {
            CharKey::Leader(_) => Rank::Leader,
            CharKey::Recruit(r) if r.card().kind == RecruitType::Hero => Rank::Hero,
            CharKey::Recruit(_) => Rank::Student,
        }
    }
}

impl Serialize for CharKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for CharKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        CharKey::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("no Character with id '{s}'")))
    }
}

/// Leader, Hero or Student.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    /// The School's Leader.
    Leader,
    /// A Hero.
    Hero,
    /// A Student.
    Student,
}

/// A Character with the tokens on its card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Which Character.
    pub id: CharKey,
    /// Its Training Card, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training: Option<RecruitId>,
    /// Power Tokens on the card.
    pub power: u8,
    /// Carries an Injured token.
    #[serde(default)]
    pub injured: bool,
    /// Carries a Triumph Token (at most one).
    #[serde(default)]
    pub triumph: bool,
}

/// A Character's printed Attributes plus its Training Card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attributes {
    /// Attack.
    pub atk: u8,
    /// Defense.
    pub def: u8,
    /// Speed.
    pub spd: u8,
    /// Attack Range.
    pub range: u8,
    /// Power Token limit.
    pub limit: u8,
    /// Hope Value, Training Card included.
    pub hope: u8,
}

impl Character {
    /// A fresh Character with `power` tokens.
    pub fn new(id: CharKey, power: u8) -> Self {
        Character { id, training: None, power, injured: false, triumph: false }
    }

    /// Leader, Hero or Student.
    pub fn rank(&self) -> Rank {
        self.id.rank()
    }

    /// Attributes with the Training Card applied.
    pub fn attributes(&self) -> Attributes {
        let mut a = match self.id {
            CharKey::Leader(s) => {
                let l = &content().schools[s as usize].leader;
                Attributes { atk: l.atk, def: l.def, spd: l.spd, range: l.range, limit: l.power_limit, hope: l.hope }
            }
            CharKey::Recruit(r) => {
                let c = r.card();
                Attributes { atk: c.atk, def: c.def, spd: c.spd, range: c.range, limit: c.power_limit, hope: c.hope }
            }
        };
        if let Some(t) = self.training {
            let t = t.card();
            a.atk += t.mods.atk;
            a.def += t.mods.def;
            a.spd += t.mods.spd;
            a.range += t.mods.range;
            a.hope += t.hope;
        }
        a
    }

    /// The Character's Powers (Leader powers come from the School card).
    pub fn powers(&self) -> &'static [crate::content::Power] {
        match self.id {
            CharKey::Leader(s) => &content().schools[s as usize].leader.powers,
            CharKey::Recruit(r) => &r.card().powers,
        }
    }

    /// The Power with this timing, if any.
    pub fn power(&self, timing: &str) -> Option<&'static crate::content::Power> {
        self.powers().iter().find(|p| p.timing == timing)
    }
}

/// One seat's School and belongings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The School (index into the content), once chosen.
    pub school: Option<u8>,
    /// The Leader first, then Heroes and Students in the order gained.
    pub chars: Vec<Character>,
    /// Hope Coins on the School card (public).
    pub hope: u32,
    /// Revolution Points, 0..=6.
    pub rp: u8,
    /// Plot Points (the Plot Marker), 0..=6.
    pub pp: u8,
    /// The Plot hand (secret: its owner only).
    pub hand: Vec<PlotId>,
}

impl Player {
    /// The Character with this id, if this School has it.
    pub fn find(&self, id: CharKey) -> Option<usize> {
        self.chars.iter().position(|c| c.id == id)
    }

    /// Heroes and Students that are not Injured, by rank.
    pub fn uninjured(&self, rank: Rank) -> usize {
        self.chars.iter().filter(|c| c.rank() == rank && !c.injured).count()
    }

    /// Number of Characters of this rank.
    pub fn count(&self, rank: Rank) -> usize {
        self.chars.iter().filter(|c| c.rank() == rank).count()
    }

    /// Current Hand Size (printed under the Revolution Track).
    pub fn hand_size(&self) -> usize {
        let s = self.school.unwrap_or(0) as usize;
        content().schools[s].hand_size[self.rp.min(6) as usize] as usize
    }

    /// Moves the Revolution Marker, clamped to 0..=6.
    pub fn add_rp(&mut self, delta: i32) {
        self.rp = (self.rp as i32 + delta).clamp(0, 6) as u8;
    }

    /// Moves the Plot Marker, clamped to 0..=6.
    pub fn add_pp(&mut self, delta: i32) {
        self.pp = (self.pp as i32 + delta).clamp(0, 6) as u8;
    }

    /// Loses up to `n` Hope Coins; returns how many were lost.
    pub fn lose_hope(&mut self, n: u32) -> u32 {
        let k = n.min(self.hope);
        self.hope -= k;
        k
    }
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XMen {
    /// Seats at the table (3 or 4).
    pub seats: u8,
    /// The round, from 1 (0 while choosing Schools).
    pub round: u32,
    /// House rule: the game ends after this round (0 = never).
    pub max_rounds: u32,
    /// Holder of the Mission Commander token.
    pub mc: Seat,
    /// Each seat's School.
    pub players: Vec<Player>,
    /// Recruit Deck, top first (secret).
    pub recruit_deck: Vec<RecruitId>,
    /// Recruit discard pile (public, face up).
    pub recruit_discard: Vec<RecruitId>,
    /// Plot Deck, top first (secret).
    pub plot_deck: Vec<PlotId>,
    /// Plot discard pile (public, face up).
    pub plot_discard: Vec<PlotId>,
    /// Mission Deck, top first (secret).
    pub mission_deck: Vec<MissionId>,
    /// Mission discard pile (public); the last one is the current Mission.
    pub mission_discard: Vec<MissionId>,
    /// Where the round is.
    pub phase: phase::Phase,
    /// The Final Tournament while one of its matches is fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<phase::Tournament>,
    /// The most recent Bidding Dial reveal (public once revealed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_reveal: Option<Reveal>,
    /// The last few attacks of the current or last Mission or tournament
    /// match (public once rolled), oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_attacks: Vec<battle::AttackRecord>,
    /// This round's Upkeep choices applied so far, in the order applied: a
    /// sealed choice is public once its stage resolves (digest §2), even
    /// when it changes nothing on the table (recovering a Character already
    /// at its limit, halving zero Hope).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upkeep_revealed: Vec<UpkeepReveal>,
    /// This round's answers to the Mission Commander's invitations, in
    /// order: the Character sent, or `None` for a refusal. Public as given,
    /// and kept after the Mission (which may not happen at all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invite_answers: Vec<(Seat, Option<CharKey>)>,
    /// The last completed trade: offers are private to the two Schools
    /// (ruling A14), a completed trade is public.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_trade: Option<Trade>,
    /// Open Reaction windows on trigger points outside the Plot Phase
    /// (gap G11), first one answered first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub windows: Vec<phase::TriggerWindow>,
    /// The engine version the match was set up under: readings changed
    /// since keep their old form for it ([`crate::versions`]). Absent in
    /// states stored by version 1, and written only from version 2, so a
    /// version-1 state reads and writes as it always did.
    #[serde(default = "crate::versions::version_1", skip_serializing_if = "crate::versions::is_version_1")]
    pub engine_version: u32,
}

/// A completed trade, as everyone sees it. Not the [`phase::Offer`]
/// itself: its number `n` counts the offers between the two Schools, which
/// others may not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trade {
    /// The School that made the offer.
    pub from: Seat,
    /// The School that accepted it.
    pub to: Seat,
    /// Characters `from` gave.
    pub give: Vec<CharKey>,
    /// Hope Coins `from` gave.
    pub give_hope: u32,
    /// Characters `from` took.
    pub take: Vec<CharKey>,
    /// Hope Coins `from` took.
    pub take_hope: u32,
}

impl From<phase::Offer> for Trade {
    fn from(o: phase::Offer) -> Self {
        let phase::Offer { from, to, n: _, give, give_hope, take, take_hope } = o;
        Trade { from, to, give, give_hope, take, take_hope }
    }
}

/// One applied Upkeep choice, public from then on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpkeepReveal {
    /// Whose choice.
    pub seat: Seat,
    /// The stage it belongs to.
    pub stage: phase::UpkeepStage,
    /// What was chosen.
    #[serde(flatten)]
    pub choice: phase::UpkeepChoice,
}

/// One Bidding Dial reveal, as everyone saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// What was auctioned: the Recruit card id, or `mission_commander`.
    pub item: String,
    /// Bidding round of the auction (1, then 2, ... after ties).
    pub round: u8,
    /// Every participant's dial.
    pub dials: phase::SeatMap<u8>,
    /// Hope each seat had in escrow before this reveal.
    pub escrow: Vec<u32>,
    /// What came of it.
    pub outcome: RevealOutcome,
}

/// The result of a reveal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RevealOutcome {
    /// One seat won outright.
    Won {
        /// The winner.
        winner: Seat,
        /// Hope paid (escrow plus dial).
        price: u32,
        /// A bonus Plot Card was drawn (outright round-1 win with 10–14).
        bonus: bool,
    },
    /// Tied highest: these seats bid again.
    Tie {
        /// The tied seats.
        seats: Vec<Seat>,
    },
    /// Every dial was 0.
    Failed,
}

impl XMen {
    /// Seats clockwise starting at `from`.
    pub fn clockwise(&self, from: Seat) -> Vec<Seat> {
        (0..self.seats).map(|i| (from + i) % self.seats).collect()
    }

    /// All seats.
    pub fn all(&self) -> SeatSet {
        SeatSet::first(self.seats)
    }

    /// Seat `s` in text: a seat token with its School's Leader as the role,
    /// which the reader sees as "Jean (Magneto)", or "you" for its own seat
    /// (`backroom_engine::names`).
    pub fn who(&self, s: Seat) -> String {
        self.seat_ref(s).to_string()
    }

    /// Seat `s` as the subject of a verb: "Jean (Magneto) gains", "you gain".
    pub fn who_verb(&self, s: Seat, third: &str, second: &str) -> String {
        self.seat_ref(s).verb(third, second).to_string()
    }

    /// "{seat:0} 12, {seat:2} 9 and {seat:1} 4": a roll-off for the log.
    pub fn rolls_text(rolls: &[(Seat, u32)]) -> String {
        let each: Vec<String> = rolls.iter().map(|(s, v)| format!("{} {v}", seat_ref(*s))).collect();
        and_list(&each)
    }

    fn seat_ref(&self, s: Seat) -> SeatRef<'static> {
        match self.players[s as usize].school {
            Some(i) => SeatRef::new(s).role(&content().schools[i as usize].leader.name),
            None => SeatRef::new(s),
        }
    }

    /// Which seat owns the Character `id`.
    pub fn owner(&self, id: CharKey) -> Option<(Seat, usize)> {
        self.players.iter().enumerate().find_map(|(s, p)| p.find(id).map(|i| (s as Seat, i)))
    }

    /// Draws Plot Cards into a hand, reshuffling the discard when the deck
    /// runs out ("Deck empty → shuffle discard into new deck").
    pub fn draw_plot(&mut self, seat: Seat, n: usize, rng: &mut backroom_engine::GameRng) -> usize {
        let mut drawn = 0;
        for _ in 0..n {
            if self.plot_deck.is_empty() {
                if self.plot_discard.is_empty() {
                    break;
                }
                self.plot_deck = std::mem::take(&mut self.plot_discard);
                rng.shuffle_deck("plot", &mut self.plot_deck);
            }
            let c = self.plot_deck.remove(0);
            self.players[seat as usize].hand.push(c);
            drawn += 1;
        }
        drawn
    }

    /// Takes the top Recruit card, reshuffling the discard if needed
    /// (ruling A24).
    pub fn draw_recruit(&mut self, rng: &mut backroom_engine::GameRng) -> Option<RecruitId> {
        if self.recruit_deck.is_empty() {
            if self.recruit_discard.is_empty() {
                return None;
            }
            self.recruit_deck = std::mem::take(&mut self.recruit_discard);
            rng.shuffle_deck("recruit", &mut self.recruit_deck);
        }
        Some(self.recruit_deck.remove(0))
    }

    /// Takes the top Mission card, reshuffling the discard if needed.
    pub fn draw_mission(&mut self, rng: &mut backroom_engine::GameRng) -> Option<MissionId> {
        if self.mission_deck.is_empty() {
            if self.mission_discard.is_empty() {
                return None;
            }
            self.mission_deck = std::mem::take(&mut self.mission_discard);
            rng.shuffle_deck("mission", &mut self.mission_deck);
        }
        Some(self.mission_deck.remove(0))
    }

    /// Discards a Character (and its Training Card) to the Recruit discard.
    pub fn discard_character(&mut self, seat: Seat, idx: usize) {
        let c = self.players[seat as usize].chars.remove(idx);
        if let CharKey::Recruit(r) = c.id {
            self.recruit_discard.push(r);
        }
        if let Some(t) = c.training {
            self.recruit_discard.push(t);
        }
    }

    /// Rolls 3 dice per seat; tied highest seats reroll until one is
    /// highest (rulings A1, A20, A38). Returns the winner and the rolls.
    pub fn roll_off(seats: &[Seat], rng: &mut backroom_engine::GameRng) -> (Seat, Vec<(Seat, u32)>) {
        let mut field: Vec<Seat> = seats.to_vec();
        let mut all = Vec::new();
        loop {
            let rolls: Vec<(Seat, u32)> =
                field.iter().map(|s| (*s, rng.dice(3).iter().map(|d| *d as u32).sum())).collect();
            all.extend(rolls.iter().copied());
            let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            field = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
            if field.len() <= 1 {
                return (field.first().copied().unwrap_or(seats[0]), all);
            }
        }
    }
}

/// One physical Plot Card of a hand: which card, and which copy of it in
/// the hand's order (1 for the first). Written as the card's id for the
/// first copy and `id#2`, `id#3` for the others, so that every option of a
/// discard names one card and two copies can be told apart. Matches saved
/// before copies were numbered name a card twice by its bare id to discard
/// two copies; that form is still read (see [`HandCard::split`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandCard {
    /// The card.
    pub card: PlotId,
    /// Which copy in the hand, from 1.
    pub copy: u8,
}

impl HandCard {
    /// Every card of `cards` (taken from a hand, in order) named by copy:
    /// the second `double-cross` is `double-cross#2`.
    pub fn numbered(cards: &[PlotId]) -> Vec<HandCard> {
        cards
            .iter()
            .enumerate()
            .map(|(i, c)| HandCard { card: *c, copy: 1 + cards[..i].iter().filter(|x| *x == c).count() as u8 })
            .collect()
    }

    /// Takes the cards these name out of `hand`: `(taken, rest)`, the
    /// taken cards in the order named. `id#2` is the second copy in the
    /// hand's order; a copy the hand does not hold, or a numbered copy named
    /// twice, is refused. The bare id named twice (the saved form of two
    /// copies) takes the next copy each time.
    pub fn split(cards: &[HandCard], hand: &[PlotId]) -> Result<(Vec<PlotId>, Vec<PlotId>), String> {
        let mut taken = vec![false; hand.len()];
        for (i, h) in cards.iter().enumerate() {
            if h.copy > 1 && cards[..i].contains(h) {
                return Err(format!("{} (copy {}) is named twice", h.card.card().name, h.copy));
            }
            let copies: Vec<usize> = (0..hand.len()).filter(|j| hand[*j] == h.card).collect();
            let held = copies.len();
            let at = copies.iter().skip(h.copy as usize - 1).find(|j| !taken[**j]).ok_or_else(|| match held {
                0 => format!("{} is not in your hand", h.card.card().name),
                _ => format!("you hold {} {}", held, h.card.card().name),
            })?;
            taken[*at] = true;
        }
        let rest = (0..hand.len()).filter(|j| !taken[*j]).map(|j| hand[j]).collect();
        Ok((cards.iter().map(|h| h.card).collect(), rest))
    }

    /// The option value naming this copy.
    pub fn value(self) -> String {
        if self.copy <= 1 { self.card.key_str().to_string() } else { format!("{}#{}", self.card.key_str(), self.copy) }
    }
}

impl Serialize for HandCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.value())
    }
}

impl<'de> Deserialize<'de> for HandCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let (id, copy) = match s.split_once('#') {
            Some((id, n)) => match n.parse::<u8>() {
                Ok(n) if n >= 1 => (id, n),
                _ => return Err(serde::de::Error::custom(format!("'{s}': the copy after # is a number from 1"))),
            },
            None => (&*s, 1),
        };
        let card = crate::content::content()
            .plot_id(id)
            .ok_or_else(|| serde::de::Error::custom(format!("no Plot Card with id '{id}'")))?;
        Ok(HandCard { card, copy })
    }
}

/// Where the action being applied writes its log lines: the engine's
/// sink, handed through the rules (the state never carries a log).
pub struct Log<'a> {
    lines: &'a mut Vec<backroom_engine::LogEntry>,
}

impl<'a> Log<'a> {
    /// Writes into `lines`.
    pub fn new(lines: &'a mut Vec<backroom_engine::LogEntry>) -> Self {
        Log { lines }
    }

    /// Appends a public log line.
    pub fn note(&mut self, line: String) {
        self.lines.push(backroom_engine::LogEntry::public(line));
    }

    /// A line whose detail only `seat` reads (its own draws, say); everyone
    /// else reads `public`.
    pub fn note_private(&mut self, seat: Seat, private: String, public: String) {
        self.lines.push(backroom_engine::LogEntry::split(SeatSet::only(seat), private, Some(public)));
    }
}
