use sea_orm::entity::prelude::*;

/// A county an appraiser works in; staff verify it (Pending until then). One row per
/// appraiser, state and county; `county` is the Census name as the counties lookup lists it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "coverage_areas")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub appraiser_profile_id: i32,
    pub state_code: String,
    pub county: String,
    pub verified: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::appraiser_profile::Entity",
        from = "Column::AppraiserProfileId",
        to = "super::appraiser_profile::Column::Id"
    )]
    AppraiserProfile,
}

impl Related<super::appraiser_profile::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::AppraiserProfile.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
