use sea_orm::entity::prelude::*;

/// A state appraiser licence or certification (kept by staff; read-only in the portal).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appraiser_licenses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub appraiser_profile_id: i32,
    /// e.g. Certified Residential, Certified General, Licensed Residential.
    pub license_type: String,
    pub state_code: String,
    /// The licence number the state issued.
    pub og_number: String,
    pub expiration_date: Date,
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
