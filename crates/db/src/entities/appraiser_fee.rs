use sea_orm::entity::prelude::*;

/// What an appraiser asks for a product (their own fee schedule).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appraiser_fees")]
pub struct Model {
    /// Security user id.
    #[sea_orm(primary_key, auto_increment = false)]
    pub appraiser_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub report_type_id: i32,
    pub fee_cents: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
