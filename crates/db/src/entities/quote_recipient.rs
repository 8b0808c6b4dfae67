use sea_orm::entity::prelude::*;

/// One appraiser a quote was sent to, with their answer once they give it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quote_recipients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub quote_id: i32,
    pub appraiser_user_id: i32,
    pub sent_at: DateTimeUtc,
    /// None while open; `accepted` (responded with fee and date) or `rejected`.
    pub answer: Option<String>,
    pub answered_at: Option<DateTimeUtc>,
    pub estimated_delivery_date: Option<Date>,
    pub appraiser_fee_cents: Option<i64>,
    pub comment: Option<String>,
    pub reject_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::quote::Entity",
        from = "Column::QuoteId",
        to = "super::quote::Column::Id"
    )]
    Quote,
}

impl Related<super::quote::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Quote.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
