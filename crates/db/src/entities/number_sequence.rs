use sea_orm::entity::prelude::*;

/// The last number given out of a gap-free sequence (invoices, credit notes) in a year.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "number_sequences")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub prefix: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub year: i32,
    pub last_number: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
