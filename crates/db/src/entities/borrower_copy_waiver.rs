use sea_orm::entity::prelude::*;

/// The borrower waived receiving the copy before closing (why, who recorded it, when).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "borrower_copy_waivers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub reason: String,
    pub user_id: i32,
    pub waived_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
