use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appraisal_companies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub created_at: DateTimeUtc,
    pub office_address_line1: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
    /// A deactivated firm keeps its appraisers and history but takes no new accounts.
    pub active: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
