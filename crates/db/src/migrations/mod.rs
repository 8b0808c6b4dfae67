use sea_orm_migration::prelude::*;

mod m0001_foundation;
mod m0002_dev_refs;
mod m0003_outbox_verification;
mod m0004_orders;
mod m0005_order_details;
mod m0006_quotes_payments;
mod m0007_profile;
mod m0008_order_search;
mod m0010_staff_desk;
mod m0011_quote_award;
mod m0012_company_office;
mod m0013_calendar_feed;
mod m0014_notifications;
mod m0015_live_events;
mod m0016_text_search;
mod m0017_order_counts;
mod m0018_trigram_numbers;
mod m0019_back_office;
mod m0020_lenders;
pub mod m0021_report_data;
mod m0022_quality_review;
pub mod m0023_delivery_records;
mod m0024_report_values;
mod m0025_payment_holds;
mod m0026_lender_billing;
mod m0027_borrower_payments;
mod m0028_assignment;
mod m0029_ranking_indexes;
mod m0030_recent_offers_index;
mod m0031_session_news;
mod m0032_document_links;
mod m0033_tax_records;
mod m0034_outbox_attachments;
mod m0035_second_appraisals;
mod m0036_fair_language;
mod m0037_reconsiderations;
mod m0038_lender_revision_requests;
mod m0039_api_key_scopes;
mod m0040_lender_branches;
mod m0041_contact_notes;
mod m0042_scheduling_links;
mod m0043_single_sign_on;
mod m0044_order_insights;
mod schema;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_foundation::Migration),
            Box::new(m0002_dev_refs::Migration),
            Box::new(m0003_outbox_verification::Migration),
            Box::new(m0004_orders::Migration),
            Box::new(m0005_order_details::Migration),
            Box::new(m0006_quotes_payments::Migration),
            Box::new(m0007_profile::Migration),
            Box::new(m0008_order_search::Migration),
            Box::new(m0010_staff_desk::Migration),
            Box::new(m0011_quote_award::Migration),
            Box::new(m0012_company_office::Migration),
            Box::new(m0013_calendar_feed::Migration),
            Box::new(m0014_notifications::Migration),
            Box::new(m0015_live_events::Migration),
            Box::new(m0016_text_search::Migration),
            Box::new(m0017_order_counts::Migration),
            Box::new(m0018_trigram_numbers::Migration),
            Box::new(m0019_back_office::Migration),
            Box::new(m0020_lenders::Migration),
            Box::new(m0021_report_data::Migration),
            Box::new(m0022_quality_review::Migration),
            Box::new(m0023_delivery_records::Migration),
            Box::new(m0024_report_values::Migration),
            Box::new(m0025_payment_holds::Migration),
            Box::new(m0026_lender_billing::Migration),
            Box::new(m0027_borrower_payments::Migration),
            Box::new(m0028_assignment::Migration),
            Box::new(m0029_ranking_indexes::Migration),
            Box::new(m0030_recent_offers_index::Migration),
            Box::new(m0031_session_news::Migration),
            Box::new(m0032_document_links::Migration),
            Box::new(m0033_tax_records::Migration),
            Box::new(m0034_outbox_attachments::Migration),
            Box::new(m0035_second_appraisals::Migration),
            Box::new(m0036_fair_language::Migration),
            Box::new(m0037_reconsiderations::Migration),
            Box::new(m0038_lender_revision_requests::Migration),
            Box::new(m0039_api_key_scopes::Migration),
            Box::new(m0040_lender_branches::Migration),
            Box::new(m0041_contact_notes::Migration),
            Box::new(m0042_scheduling_links::Migration),
            Box::new(m0043_single_sign_on::Migration),
            Box::new(m0044_order_insights::Migration),
        ]
    }
}
