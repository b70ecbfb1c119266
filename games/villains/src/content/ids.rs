//! The typed indices the state holds ([`AreaId`], [`FactionId`],
//! [`CardId`], [`PlanId`], [`UpgradeId`]), serialized as the record's id,
//! the lookups by id, and [`content`], the embedded files validated once.
//! Separate because a match only ever reads content through these.

use super::{Area, Card, Content, ContentFiles, DeckCard, Faction, Plan, Table, Upgrade};
use crate::content::effect::Ongoing;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

impl Content {
    /// Areas adjacent to `a`.
    pub fn adjacent(&self, a: AreaId) -> &[AreaId] {
        &self.adjacency[a.index()]
    }

    /// The area with this id.
    pub fn area_id(&self, id: &str) -> Option<AreaId> {
        self.lookup(Table::Area, id).map(|i| AreaId(i as u8))
    }

    /// The faction with this id.
    pub fn faction_id(&self, id: &str) -> Option<FactionId> {
        self.lookup(Table::Faction, id).map(|i| FactionId(i as u8))
    }

    /// The physical card with this id (`<design>-<copy>`).
    pub fn card_id(&self, id: &str) -> Option<CardId> {
        self.lookup(Table::Deck, id).map(CardId)
    }

    /// The plan with this id.
    pub fn plan_id(&self, id: &str) -> Option<PlanId> {
        self.lookup(Table::Plan, id).map(PlanId)
    }

    /// The upgrade with this id.
    pub fn upgrade_id(&self, id: &str) -> Option<UpgradeId> {
        self.lookup(Table::Upgrade, id).map(|i| UpgradeId(i as u8))
    }

    fn lookup(&self, t: Table, id: &str) -> Option<u16> {
        self.ids.get(&(t, id.to_string())).copied()
    }

    /// Every area, in area order.
    pub fn area_ids(&self) -> impl Iterator<Item = AreaId> + use<> {
        (0..self.areas.len() as u8).map(AreaId)
    }

    /// The Capitol: the area whose controller collects the capitol tokens.
    pub fn capitol(&self) -> AreaId {
        AreaId(self.areas.iter().position(|a| a.control.ongoing.contains(&Ongoing::CollectCapitolToken)).unwrap_or(0)
            as u8)
    }

    /// A faction's plans.
    pub fn plans_of(&self, f: FactionId) -> impl Iterator<Item = PlanId> + '_ {
        self.plan_faction.iter().enumerate().filter(move |(_, x)| **x == f).map(|(i, _)| PlanId(i as u16))
    }

    /// A faction's upgrade of this level.
    pub fn upgrade_of(&self, f: FactionId, level: u8) -> Option<UpgradeId> {
        (0..self.upgrades.len())
            .find(|&i| self.upgrade_faction[i] == f && self.upgrades[i].level == level)
            .map(|i| UpgradeId(i as u8))
    }
}

pub(super) fn deck_key(cards: &[Card], d: &DeckCard) -> String {
    format!("{}-{}", cards[d.design as usize].id, d.copy)
}

/// The content every match uses: the embedded files, validated once.
///
/// # Panics
/// If the embedded content is invalid (a test guards it).
pub fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| Content::from_files(&ContentFiles::embedded()).unwrap_or_else(|e| panic!("{e}")))
}

macro_rules! content_id {
    ($name:ident, $inner:ty, $lookup:ident, $what:literal, |$c:ident, $i:ident| $key:expr) => {
        #[doc = concat!("A ", $what, ", by index into the content; serialized as its id.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub $inner);

        impl $name {
            /// Its index in the content's list.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// Its id string.
            pub fn key_string(self) -> String {
                let $c = content();
                let $i = self.index();
                $key
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.key_string())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                content().$lookup(&s).ok_or_else(|| serde::de::Error::custom(format!("no {} with id '{s}'", $what)))
            }
        }
    };
}

content_id!(AreaId, u8, area_id, "area", |c, i| c.areas[i].id.clone());
content_id!(FactionId, u8, faction_id, "faction", |c, i| c.factions[i].id.clone());
content_id!(CardId, u16, card_id, "action card", |c, i| deck_key(&c.cards, &c.deck[i]));
content_id!(PlanId, u16, plan_id, "plan", |c, i| c.plans[i].id.clone());
content_id!(UpgradeId, u8, upgrade_id, "upgrade", |c, i| c.upgrades[i].id.clone());

impl AreaId {
    /// The area's record.
    pub fn area(self) -> &'static Area {
        &content().areas[self.index()]
    }
}

impl FactionId {
    /// The faction's record.
    pub fn faction(self) -> &'static Faction {
        &content().factions[self.index()]
    }
}

impl CardId {
    /// The physical card.
    pub fn deck_card(self) -> DeckCard {
        content().deck[self.index()]
    }

    /// The card's design.
    pub fn card(self) -> &'static Card {
        &content().cards[self.deck_card().design as usize]
    }

    /// The area at its top, if any.
    pub fn target(self) -> Option<AreaId> {
        self.deck_card().target
    }
}

impl backroom_engine::Keyed for CardId {
    /// The physical card's id (`public-backlash-3`), so a forced deck order
    /// names exactly which copy comes out.
    fn key(&self) -> &str {
        &content().deck_keys[self.index()]
    }
}

impl PlanId {
    /// The plan's record.
    pub fn plan(self) -> &'static Plan {
        &content().plans[self.index()]
    }

    /// Whose plan it is.
    pub fn faction(self) -> FactionId {
        content().plan_faction[self.index()]
    }
}

impl backroom_engine::Keyed for PlanId {
    fn key(&self) -> &str {
        &self.plan().id
    }
}

impl UpgradeId {
    /// The upgrade's record.
    pub fn upgrade(self) -> &'static Upgrade {
        &content().upgrades[self.index()]
    }
}
