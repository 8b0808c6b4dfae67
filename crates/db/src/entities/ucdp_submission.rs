use sea_orm::entity::prelude::*;

/// An order's submission to the GSEs' portal (UCDP) or FHA's (EAD), as staff record it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ucdp_submissions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub fannie_doc_file_id: Option<String>,
    pub freddie_doc_file_id: Option<String>,
    /// "submitted", "successful" or "hard_stop".
    pub status: String,
    pub user_id: i32,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
