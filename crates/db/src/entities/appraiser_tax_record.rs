use sea_orm::entity::prelude::*;

/// An appraiser's 1099-NEC details. The tax number itself is only ever stored sealed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appraiser_tax_records")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i32,
    pub legal_name: Option<String>,
    pub tax_address: Option<String>,
    /// SSN or EIN
    pub tax_id_kind: Option<String>,
    pub tax_id_last4: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub tax_id_sealed: Option<String>,
    /// Which data key sealed it.
    pub tax_id_key: Option<String>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
