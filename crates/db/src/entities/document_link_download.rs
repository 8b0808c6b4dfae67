use sea_orm::entity::prelude::*;

/// One download through a document link.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "document_link_downloads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub link_id: i64,
    pub downloaded_at: DateTimeUtc,
    pub ip: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
