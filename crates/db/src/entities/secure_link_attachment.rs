use sea_orm::entity::prelude::*;

/// A stored file attached to a secure link.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "secure_link_attachments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub secure_link_id: i32,
    pub stored_file_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::stored_file::Entity",
        from = "Column::StoredFileId",
        to = "super::stored_file::Column::Id"
    )]
    StoredFile,
}

impl Related<super::stored_file::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::StoredFile.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
