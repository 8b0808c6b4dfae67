use sea_orm::entity::prelude::*;

/// A reminder sent (e.g. `due-tomorrow` for an order on a day): inserting it is the claim, so
/// of several server copies only one sends it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sent_reminders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub for_day: Date,
    pub sent_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
