//! PostgreSQL: trigram indexes for the contained-fragment searches m0008 left to a scan.
//!
//! - Over the open orders alone (partial, a few thousand rows at a million), one per searched
//!   column: an Open search by a fragment reads the few open orders holding its trigrams instead
//!   of every open order (figures in bench/RESULTS.md).
//! - Over every order, the file, loan and ZIP numbers, for a search over the whole book (every
//!   status) by a number, which would otherwise read every order. Their digits' trigrams are
//!   common to most numbers, so the planner must not pick them where a narrower index serves (an
//!   appraiser's own orders, the open orders): they are on `upper(column)`, which only the
//!   dashboard's searches over every order write (`orders/dashboard.rs`); everything else reads
//!   `lower(column)`.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The closed statuses (docs/domain.md#order-statuses), as in m0004 and m0008.
const CLOSED: &str = "15, 17, 18, 19, 21, 22";

/// (index name, column) over the open orders.
const OPEN: [(&str, &str); 6] = [
    ("ix_orders_open_file_trgm", "file_number"),
    ("ix_orders_open_loan_trgm", "loan_number"),
    ("ix_orders_open_borrower_trgm", "borrower_name"),
    ("ix_orders_open_street_trgm", "property_address_line1"),
    ("ix_orders_open_city_trgm", "property_city"),
    ("ix_orders_open_zip_trgm", "property_zip"),
];

/// (index name, column) over every order.
const WHOLE_BOOK: [(&str, &str); 3] = [
    ("ix_orders_file_upper_trgm", "file_number"),
    ("ix_orders_loan_upper_trgm", "loan_number"),
    ("ix_orders_zip_upper_trgm", "property_zip"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        for (name, column) in OPEN {
            db.execute_unprepared(&format!(
                "CREATE INDEX {name} ON orders USING gin (lower({column}) gin_trgm_ops) \
                 WHERE status_id NOT IN ({CLOSED})"
            ))
            .await?;
        }
        for (name, column) in WHOLE_BOOK {
            db.execute_unprepared(&format!(
                "CREATE INDEX {name} ON orders USING gin (upper({column}) gin_trgm_ops)"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            for (name, _) in OPEN.iter().chain(WHOLE_BOOK.iter()) {
                db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
            }
        }
        Ok(())
    }
}
