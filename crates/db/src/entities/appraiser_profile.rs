use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "appraiser_profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub security_user_id: i32,
    pub company_id: Option<i32>,
    pub office_address_line1: Option<String>,
    pub office_address_line2: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
    pub is_fha_certified: bool,
    pub is_staff_appraiser: bool,
    pub no_trainee: bool,
    /// Staff have set the appraiser up for the enterprise payment platform (EPP).
    pub ready_for_epp_onboarding: bool,
    /// The appraiser's party on the EPP, once onboarded, and the party details it reported.
    pub epp_party_id: Option<String>,
    pub epp_company_name: Option<String>,
    pub epp_vendor_name: Option<String>,
    pub epp_payment_status: Option<String>,
    pub epp_is_linked: bool,
    pub epp_street_address: Option<String>,
    pub epp_state: Option<String>,
    pub epp_city: Option<String>,
    pub epp_zip: Option<String>,
    pub epp_onboarded_at: Option<DateTimeUtc>,
    /// Out of office, both dates inclusive (the company's calendar).
    pub ooo_start_date: Option<Date>,
    pub ooo_end_date: Option<Date>,
    /// Errors and omissions insurance; amounts in cents, 0 when not given.
    pub eno_provider: Option<String>,
    pub eno_per_incident_cents: i64,
    pub eno_aggregate_cents: i64,
    pub eno_expiration_date: Option<Date>,
    /// The policy document (a stored file of the appraiser, type E&O Policy).
    pub eno_file_id: Option<i64>,
    /// The company's score of the appraiser's work, 0..5; None (or 0) is "not enough data".
    pub score: Option<f64>,
    /// Open orders the appraiser takes at most (None: no limit).
    pub capacity: Option<i32>,
    /// Suspended from the panel since then: no work is offered or assigned to them.
    pub suspended_at: Option<DateTimeUtc>,
    pub suspension_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::security_user::Entity",
        from = "Column::SecurityUserId",
        to = "super::security_user::Column::Id"
    )]
    SecurityUser,
    #[sea_orm(has_many = "super::coverage_area::Entity")]
    CoverageArea,
    #[sea_orm(has_many = "super::appraiser_license::Entity")]
    AppraiserLicense,
}

impl Related<super::security_user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::SecurityUser.def()
    }
}

impl Related<super::coverage_area::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::CoverageArea.def()
    }
}

impl Related<super::appraiser_license::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::AppraiserLicense.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
