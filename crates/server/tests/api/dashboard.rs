//! POST /api/dashboard: visibility, filters, sorting, paging and bad input, on both databases.
use crate::common;

use chrono::{Duration, Utc};
use portal_db::entities::order;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde_json::{Value, json};

use common::{TestApp, message};

struct Spec {
    file: &'static str,
    borrower: &'static str,
    street: &'static str,
    city: &'static str,
    state: &'static str,
    status: i32,
    appraiser: Option<&'static str>,
    due_in_days: i64,
    created_days_ago: i64,
}

const ORDERS: [Spec; 6] = [
    Spec {
        file: "100200",
        borrower: "Maria Gonzalez",
        street: "12 Oak St",
        city: "Austin",
        state: "TX",
        status: 5,
        appraiser: Some("demo.appraiser"),
        due_in_days: 3,
        created_days_ago: 2,
    },
    Spec {
        file: "100201",
        borrower: "John Smith",
        street: "9 Elm Ave",
        city: "Austin",
        state: "TX",
        status: 11,
        appraiser: Some("demo.appraiser"),
        due_in_days: -1,
        created_days_ago: 10,
    },
    Spec {
        file: "100300",
        borrower: "Jane SMITHSON",
        street: "4 Pine Dr",
        city: "Dallas",
        state: "TX",
        status: 15,
        appraiser: Some("demo.appraiser"),
        due_in_days: 5,
        created_days_ago: 40,
    },
    Spec {
        file: "200100",
        borrower: "Wei Lee",
        street: "77 Lake Ln",
        city: "Chicago",
        state: "IL",
        status: 4,
        appraiser: Some("demo.appraiser2"),
        due_in_days: 8,
        created_days_ago: 1,
    },
    Spec {
        file: "300100",
        borrower: "Priya Patel",
        street: "5 River Ct",
        city: "Denver",
        state: "CO",
        status: 6,
        appraiser: Some("other.appraiser"),
        due_in_days: 2,
        created_days_ago: 3,
    },
    Spec {
        file: "400100",
        borrower: "Aisha Okafor",
        street: "1 Main St",
        city: "Boston",
        state: "MA",
        status: 3,
        appraiser: None,
        due_in_days: 9,
        created_days_ago: 4,
    },
];

async fn load(app: &TestApp) {
    common::orders::outsider(app).await;
    // Business dates are the company's (America/Chicago), not UTC's.
    let today = Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    for s in ORDERS {
        let (appraiser, company) = match s.appraiser {
            Some(u) => {
                let id = app.user_id(u).await;
                (Some(id), portal::kernel::users::access::company_of(&app.db, id).await.unwrap())
            }
            None => (None, None),
        };
        order::ActiveModel {
            id: NotSet,
            file_number: Set(s.file.into()),
            loan_number: Set(Some(format!("LN{}", s.file))),
            borrower_name: Set(s.borrower.into()),
            property_address_line1: Set(s.street.into()),
            property_city: Set(s.city.into()),
            property_state_code: Set(s.state.into()),
            property_zip: Set(format!("7{}", &s.file[..4])),
            property_county: Set(None),
            client_id: Set(None),
            status_id: Set(crate::common::orders::status_of(s.status)),
            assigned_appraiser_id: Set(appraiser),
            assigned_company_id: Set(company),
            created_at: Set(Utc::now() - Duration::days(s.created_days_ago)),
            assignment_actual_date: Set(appraiser.map(|_| Utc::now() - Duration::hours(2))),
            accepted_at: Set(None),
            inspection_actual_date: Set(None),
            inspection_due_date: Set(Some(today + Duration::days(10))),
            appraiser_due_date: Set(Some(today + Duration::days(s.due_in_days))),
            is_desktop: Set(false),
            appraiser_unread_messages: Set(if s.file == "100200" { 2 } else { 0 }),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
}

/// One dashboard page for `filter` (which must be accepted).
async fn dashboard_page(s: &common::Session, filter: Value) -> Value {
    let r = s.post("/api/dashboard", filter.clone()).await;
    assert_eq!(r.status(), StatusCode::OK, "{filter}");
    r.json().await.unwrap()
}

/// The file numbers of a page's orders, in order.
fn file_numbers(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["usaFileNumber"].as_str().unwrap().to_string())
        .collect()
}

async fn files(s: &common::Session, filter: Value) -> Vec<String> {
    file_numbers(&dashboard_page(s, filter).await)
}

both_dbs!(each_role_sees_only_its_orders, |app| {
    load(&app).await;
    let all = json!({"statusRefIds": [0], "sortField": "usaFileNumber"});
    let appraiser = app.signed_in("demo.appraiser").await;
    assert_eq!(files(&appraiser, all.clone()).await, ["100200", "100201", "100300"]);
    // Whatever the filter, another firm's order never shows.
    assert_eq!(
        files(&appraiser, json!({"statusRefIds": [0], "usaFileNumber": "300100"})).await,
        Vec::<String>::new()
    );
    assert_eq!(
        files(&app.signed_in("demo.admin").await, all.clone()).await,
        ["100200", "100201", "100300", "200100"]
    );
    assert_eq!(files(&app.signed_in("other.appraiser").await, all.clone()).await, ["300100"]);
    assert_eq!(files(&app.signed_in("demo.staff").await, all.clone()).await.len(), 6);
    assert_eq!(
        app.signed_in("demo.client").await.post("/api/dashboard", all).await.status(),
        StatusCode::FORBIDDEN
    );
});

both_dbs!(filters_combine_and_match_fragments_case_insensitively, |app| {
    load(&app).await;
    let s = app.signed_in("demo.staff").await;
    let all = |extra: Value| {
        let mut f = json!({"statusRefIds": [0], "sortField": "usaFileNumber"});
        f.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        f
    };
    assert_eq!(
        files(&s, all(json!({"usaFileNumber": "1002"}))).await,
        ["100200", "100201"],
        "prefix"
    );
    assert_eq!(
        files(&s, all(json!({"usaFileNumber": "0100"}))).await,
        ["200100", "300100", "400100"],
        "fragment"
    );
    assert_eq!(files(&s, all(json!({"borrowerName": "smith"}))).await, ["100201", "100300"]);
    assert_eq!(files(&s, all(json!({"propertyStreet": "OAK"}))).await, ["100200"]);
    assert_eq!(files(&s, all(json!({"loanNumber": "ln2001"}))).await, ["200100"]);
    assert_eq!(files(&s, all(json!({"propertyZip": "71002"}))).await, ["100200", "100201"]);
    assert_eq!(
        files(
            &s,
            all(json!({"propertyCity": "austin", "propertyState": "tx", "statusRefIds": [11]}))
        )
        .await,
        ["100201"]
    );
    assert_eq!(
        files(&s, all(json!({"borrowerName": "%"}))).await,
        Vec::<String>::new(),
        "wildcards are literal"
    );
    let today = Utc::now().date_naive();
    let range = json!({
        "createDateFrom": (today - Duration::days(5)).to_string(), "createDateTo": today.to_string()
    });
    assert_eq!(files(&s, all(range)).await, ["100200", "200100", "300100", "400100"]);
    // Status groups: absent means Open, -1 Open, 0 All.
    let open = ["100200", "100201", "200100", "300100", "400100"];
    assert_eq!(files(&s, json!({"sortField": "usaFileNumber"})).await, open);
    assert_eq!(files(&s, json!({"sortField": "usaFileNumber", "statusRefIds": [-1]})).await, open);
    assert_eq!(
        files(&s, json!({"sortField": "usaFileNumber", "statusRefIds": [15, 4]})).await,
        ["100300", "200100"]
    );
});

// The create-date filter counts whole days of the company's time zone (America/Chicago), not UTC's.
both_dbs!(create_dates_are_days_of_the_company_time_zone, |app| {
    use chrono::TimeZone;
    use common::orders::{NewOrder, order_with_details};
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    // 22:30 on 9 March in Chicago is already 10 March in UTC; 00:30 on 10 March is 05:30 UTC.
    for (file, created) in [("100500", (2026, 3, 10, 3, 30)), ("100501", (2026, 3, 10, 5, 30))] {
        let id =
            order_with_details(&app, NewOrder { file_number: file, status: 5, appraiser: None })
                .await;
        let (y, m, d, h, min) = created;
        let at = Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap();
        order::Entity::update_many()
            .col_expr(order::Column::CreatedAt, Expr::value(at))
            .filter(order::Column::Id.eq(id))
            .exec(&app.db)
            .await
            .unwrap();
    }
    let s = app.signed_in("demo.staff").await;
    for (day, expected) in [("2026-03-09", ["100500"]), ("2026-03-10", ["100501"])] {
        let filter = json!({"statusRefIds": [0], "createDateFrom": day, "createDateTo": day});
        assert_eq!(files(&s, filter).await, expected, "{day}");
    }
});

both_dbs!(sorting_and_paging, |app| {
    load(&app).await;
    let s = app.signed_in("demo.staff").await;
    assert_eq!(
        files(
            &s,
            json!({"statusRefIds": [0], "sortField": "borrowerName", "sortDirection": "DESC"})
        )
        .await,
        ["200100", "300100", "100200", "100201", "100300", "400100"]
    );
    // Default: due date ascending.
    assert_eq!(
        files(&s, json!({"statusRefIds": [0]})).await,
        ["100201", "300100", "100200", "100300", "200100", "400100"]
    );
    let r: Value = s
        .post("/api/dashboard", json!({"statusRefIds": [0], "limit": 10, "page": 1}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((r["totalItems"].as_u64(), r["totalPages"].as_u64()), (Some(6), Some(1)));
    for field in [
        "usaFileNumber",
        "orderStatus",
        "assignmentActualDate",
        "inspectionActualDate",
        "appraiserDueDate",
        "propertyAddressLine1",
        "borrowerName",
        "appraiserName",
    ] {
        for direction in ["asc", "desc"] {
            let page: Value = s
                .post(
                    "/api/dashboard",
                    json!({
                        "statusRefIds": [0], "sortField": field, "sortDirection": direction,
                        "limit": 10
                    }),
                )
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(page["items"].as_array().unwrap().len(), 6, "{field} {direction}");
        }
    }
    let item = &r["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["usaFileNumber"] == "100200")
        .unwrap()
        .clone();
    assert_eq!(item["appraiserUnreadMessages"], 2);
    assert_eq!(item["orderStatus"], "Accepted");
    assert_eq!(item["appraiserName"], "Avery Appraiser");
    let overdue =
        r["items"].as_array().unwrap().iter().find(|i| i["usaFileNumber"] == "100201").unwrap();
    assert_eq!(overdue["attentionIndicator"], "order overdue");
    let assigned =
        r["items"].as_array().unwrap().iter().find(|i| i["usaFileNumber"] == "200100").unwrap();
    assert_eq!(assigned["attentionIndicator"], "acceptance response required");
});

both_dbs!(paging_splits_large_results, |app| {
    portal::demo::orders::seed_orders(&app.db, 230, 3).await.unwrap();
    let s = app.signed_in("demo.staff").await;
    let page = |n: u64| {
        let s = &s;
        async move {
            let v: Value = s
                .post(
                    "/api/dashboard",
                    json!({
                        "statusRefIds": [0], "limit": 100, "page": n,
                        "sortField": "usaFileNumber"
                    }),
                )
                .await
                .json()
                .await
                .unwrap();
            v
        }
    };
    let (first, last) = (page(1).await, page(3).await);
    assert_eq!(first["totalItems"], 230);
    assert_eq!(first["totalPages"], 3);
    assert_eq!(first["items"].as_array().unwrap().len(), 100);
    assert_eq!(last["items"].as_array().unwrap().len(), 30);
    assert!(
        first["items"][0]["usaFileNumber"].as_str() < last["items"][0]["usaFileNumber"].as_str()
    );
    assert_eq!(page(4).await["items"].as_array().unwrap().len(), 0);
});

both_dbs!(bad_input_gets_a_clear_message, |app| {
    let s = app.signed_in("demo.appraiser").await;
    for (filter, expected) in [
        (json!({"limit": 1000}), "limit must be one of 10, 25, 50 or 100"),
        (json!({"page": 0}), "page must be between 1 and 2147483647"),
        // Offsets that overflowed (a panic that dropped the connection) or wrapped in the SQL.
        (json!({"page": 9_223_372_036_854_775_808u64}), "page must be between 1 and 2147483647"),
        (json!({"page": u64::MAX}), "page must be between 1 and 2147483647"),
        (json!({"sortField": "passwordHash"}), "Cannot sort by 'passwordHash'"),
        (
            json!({"sortDirection": "sideways"}),
            "sortDirection must be asc or desc (got 'sideways')",
        ),
        (
            json!({"createDateFrom": "2026-05-02", "createDateTo": "2026-05-01"}),
            "Create Date From cannot be after Create Date To",
        ),
        (
            json!({"createDateFrom": "05/02/2026"}),
            "createDateFrom must be a date in the form yyyy-mm-dd (got '05/02/2026')",
        ),
        (json!({"propertyState": "ZZ"}), "Unknown state 'ZZ'"),
    ] {
        let r = s.post("/api/dashboard", filter.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{filter}");
        assert_eq!(message(r).await, expected);
    }
    // A value that does not fit its field is named in the answer's field map. Found by the API
    // fuzz run: the lowest i32 overflowed the id's lookup (a panic).
    for (id, expected) in
        [(99, "Unknown status id 99"), (i32::MIN, "Unknown status id -2147483648")]
    {
        let r = s.post("/api/dashboard", json!({"statusRefIds": [id]})).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["message"], format!("Invalid request: statusRefIds[0]: {expected}"));
        assert_eq!(
            body["fields"]["statusRefIds"],
            format!("Invalid request: statusRefIds[0]: {expected}")
        );
    }
    for wrong in [
        json!({"page": "one"}),
        json!({"page": -1}),
        json!({"page": 1e30}),
        json!({"limit": 18_446_744_073_709_551_615u64}),
    ] {
        let r = s.post("/api/dashboard", wrong.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
    }
});

// Every page, read one after another, gives each order once and in order, in both directions:
// the pages of the second half are read from the far end and must line up with the first.
both_dbs!(pages_read_from_either_end_line_up, |app| {
    portal::demo::orders::seed_orders(&app.db, 230, 5).await.unwrap();
    let s = app.signed_in("demo.staff").await;
    for (direction, field) in
        [("asc", "appraiserDueDate"), ("desc", "appraiserDueDate"), ("asc", "borrowerName")]
    {
        let page = |n: u64| {
            let s = &s;
            async move {
                let filter = json!({
                    "statusRefIds": [0], "limit": 25, "page": n, "sortField": field,
                    "sortDirection": direction
                });
                let v: Value = s.post("/api/dashboard", filter).await.json().await.unwrap();
                v
            }
        };
        let mut seen: Vec<Value> = Vec::new();
        for n in 1..=10 {
            let p = page(n).await;
            assert_eq!(p["totalItems"], 230);
            let items = p["items"].as_array().unwrap();
            assert_eq!(items.len(), if n == 10 { 5 } else { 25 }, "{field} {direction} page {n}");
            seen.extend(items.iter().cloned());
        }
        let ids: std::collections::BTreeSet<i64> =
            seen.iter().map(|i| i["id"].as_i64().unwrap()).collect();
        assert_eq!(ids.len(), 230, "{field} {direction}: every order once");
        let key =
            |i: &Value| (i[field].as_str().unwrap().to_lowercase(), i["id"].as_i64().unwrap());
        let keys: Vec<_> = seen.iter().map(key).collect();
        for pair in keys.windows(2) {
            let ordered = if field == "borrowerName" {
                // Text order is the database's collation; the id must still break ties.
                pair[0].0 != pair[1].0 || pair[0].1 < pair[1].1
            } else if direction == "asc" {
                pair[0] < pair[1]
            } else {
                pair[0] > pair[1]
            };
            assert!(ordered, "{field} {direction}: {:?} then {:?}", pair[0], pair[1]);
        }
        assert_eq!(page(11).await["items"].as_array().unwrap().len(), 0);
    }
});

// The default Open search (served by the partial index of open orders) finds exactly the orders
// whose status is open, and a status change moves an order in or out of it.
both_dbs!(open_search_follows_status_changes, |app| {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    portal::demo::orders::seed_orders(&app.db, 300, 9).await.unwrap();
    let s = app.signed_in("demo.staff").await;
    let total = |filter: Value| {
        let s = &s;
        async move {
            let v: Value = s.post("/api/dashboard", filter).await.json().await.unwrap();
            v["totalItems"].as_u64().unwrap()
        }
    };
    let open = order::Entity::find()
        .filter(order::Column::StatusId.is_not_in(portal::kernel::orders::status::CLOSED))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(total(json!({})).await, open.len() as u64);
    assert_eq!(total(json!({"statusRefIds": [-1]})).await, open.len() as u64);
    let listed: Vec<i32> =
        portal::kernel::orders::status::open_statuses().map(|s| s.id()).collect();
    assert_eq!(
        total(json!({"statusRefIds": listed})).await,
        open.len() as u64,
        "the open statuses one by one"
    );
    let one = &open[0];
    order::Entity::update_many()
        .col_expr(order::Column::StatusId, sea_orm::sea_query::Expr::value(15))
        .col_expr(order::Column::BorrowerName, sea_orm::sea_query::Expr::value("Quentin Zyxwell"))
        .filter(order::Column::Id.eq(one.id))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(total(json!({})).await, open.len() as u64 - 1);
    // Folding the per-status counts changes no total; a second fold finds nothing to do.
    let all = order::Entity::find().count(&app.db).await.unwrap();
    for _ in 0..2 {
        portal::kernel::orders::counts::compact(&app.db).await.unwrap();
        assert_eq!(total(json!({})).await, open.len() as u64 - 1);
        assert_eq!(total(json!({"statusRefIds": [0]})).await, all);
        assert_eq!(
            total(json!({"statusRefIds": [15]})).await,
            order::Entity::find()
                .filter(order::Column::StatusId.eq(15))
                .count(&app.db)
                .await
                .unwrap()
        );
    }
    assert_eq!(
        files(&s, json!({"statusRefIds": [0], "borrowerName": "zyxw"})).await,
        vec![one.file_number.clone()],
        "a write updates the search"
    );
});

// A search over closed orders too counts at most 10,000 matches ("10,000+"), or 1,000 when it looks
// for a text fragment ("1,000+"); its pages still come in the sort's order, and a narrow search
// over the same book is counted exactly.
both_dbs!(whole_book_counts_stop_at_the_cap, |app| {
    use sea_orm::sea_query::{NullOrdering, Order};
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
    portal::demo::orders::seed_orders(&app.db, 10_050, 11).await.unwrap();
    let s = app.signed_in("demo.staff").await;
    let search = |filter: Value| dashboard_page(&s, filter);
    // Statuses alone are counted exactly (from the per-status counts).
    let every = order::Entity::find().count(&app.db).await.unwrap();
    let all = search(json!({"statusRefIds": [0]})).await;
    assert_eq!(
        (all["totalItems"].clone(), all["totalIsLowerBound"].clone()),
        (json!(every), json!(false))
    );
    // The orders due first are the last written: a page read among the first matches found,
    // not among every match, would miss them.
    let last_written: Vec<i64> = order::Entity::find()
        .order_by_desc(order::Column::Id)
        .limit(60)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|o| o.id)
        .collect();
    order::Entity::update_many()
        .col_expr(
            order::Column::AppraiserDueDate,
            sea_orm::sea_query::Expr::value(chrono::NaiveDate::from_ymd_opt(2001, 1, 1)),
        )
        .filter(order::Column::Id.is_in(last_written))
        .exec(&app.db)
        .await
        .unwrap();
    let first = search(json!({"statusRefIds": [0], "createDateFrom": "2000-01-01"})).await;
    assert_eq!(first["totalItems"], 10_000);
    assert_eq!(first["totalIsLowerBound"], true);
    assert_eq!(first["totalPages"], 400);
    let by_due = |offset: u64| {
        order::Entity::find()
            .order_by_with_nulls(order::Column::AppraiserDueDate, Order::Asc, NullOrdering::Last)
            .order_by_asc(order::Column::Id)
            .offset(offset)
            .limit(25)
            .all(&app.db)
    };
    let expected: Vec<String> =
        by_due(0).await.unwrap().into_iter().map(|o| o.file_number).collect();
    assert_eq!(file_numbers(&first), expected, "the first page in due-date order");
    let second =
        search(json!({"statusRefIds": [0], "createDateFrom": "2000-01-01", "page": 2})).await;
    let expected: Vec<String> =
        by_due(25).await.unwrap().into_iter().map(|o| o.file_number).collect();
    assert_eq!(file_numbers(&second), expected, "the second page follows the first");

    let one =
        order::Entity::find().order_by_desc(order::Column::Id).one(&app.db).await.unwrap().unwrap();
    let narrow = search(json!({"statusRefIds": [0], "usaFileNumber": one.file_number})).await;
    assert_eq!(
        (narrow["totalItems"].clone(), narrow["totalIsLowerBound"].clone()),
        (json!(1), json!(false))
    );
    // Longer than the tail SQLite's full-text table looks up: exactly the orders that contain it.
    let prefix = &one.file_number[..7];
    let with_prefix = order::Entity::find()
        .filter(order::Column::FileNumber.contains(prefix))
        .count(&app.db)
        .await
        .unwrap();
    let found = search(json!({"statusRefIds": [0], "usaFileNumber": prefix})).await;
    assert_eq!(found["totalItems"], json!(with_prefix), "{prefix}");
    assert!(file_numbers(&found).iter().all(|n| n.contains(prefix)), "{found}");
    // Open orders only: an exact count, whatever its size.
    let open = order::Entity::find()
        .filter(order::Column::StatusId.is_not_in(portal::kernel::orders::status::CLOSED))
        .count(&app.db)
        .await
        .unwrap();
    let page = search(json!({})).await;
    assert_eq!(
        (page["totalItems"].clone(), page["totalIsLowerBound"].clone()),
        (json!(open), json!(false))
    );
    // A common fragment over the whole book: capped, and every listed order contains it.
    let common = search(json!({"statusRefIds": [0], "usaFileNumber": "100"})).await;
    assert_eq!(common["totalItems"], 1_000);
    assert_eq!(common["totalIsLowerBound"], true);
    assert!(file_numbers(&common).iter().all(|n| n.contains("100")), "{common}");
    let first_by_due = async |fragment: &str| -> Vec<String> {
        order::Entity::find()
            .filter(order::Column::FileNumber.contains(fragment))
            .order_by_with_nulls(order::Column::AppraiserDueDate, Order::Asc, NullOrdering::Last)
            .order_by_asc(order::Column::Id)
            .limit(25)
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|o| o.file_number)
            .collect()
    };
    let expected = first_by_due("100").await;
    assert_eq!(file_numbers(&common), expected, "the first page of every match, not of some");
    // A number whose last five characters ("00001") more than 1,000 orders hold, and the whole
    // only 100 (100000100 to 100000199): counted exactly, their first page in due-date order.
    let tail_common = search(json!({"statusRefIds": [0], "usaFileNumber": "1000001"})).await;
    assert_eq!(
        (tail_common["totalItems"].clone(), tail_common["totalIsLowerBound"].clone()),
        (json!(100), json!(false))
    );
    assert_eq!(file_numbers(&tail_common), first_by_due("1000001").await);
    // Too short for a trigram: PostgreSQL reads every order, so it counts them all.
    let short = search(json!({"statusRefIds": [0], "usaFileNumber": "10"})).await;
    let postgres = app.db.get_database_backend() == sea_orm::DbBackend::Postgres;
    assert_eq!(short["totalIsLowerBound"], !postgres);
    // Loan and ZIP numbers over the whole book (PostgreSQL compares them upper-cased to use its
    // indexes) match, case-insensitively, exactly the orders that contain them.
    let lettered = order::Entity::find()
        .filter(order::Column::LoanNumber.starts_with("LN"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("generated loan numbers with letters");
    let loan = lettered.loan_number.unwrap()[..6].to_string();
    let fragment = loan.to_lowercase();
    let with_loan = order::Entity::find()
        .filter(order::Column::LoanNumber.contains(&loan))
        .count(&app.db)
        .await
        .unwrap();
    let found = search(json!({"statusRefIds": [0], "loanNumber": fragment})).await;
    assert_eq!(found["totalItems"], json!(with_loan), "{fragment}");
    let zip = &one.property_zip[..4];
    let with_zip = order::Entity::find()
        .filter(order::Column::PropertyZip.contains(zip))
        .count(&app.db)
        .await
        .unwrap();
    let found = search(json!({"statusRefIds": [0], "propertyZip": zip})).await;
    assert_eq!(found["totalItems"], json!(with_zip.min(1_000)), "{zip}");
    assert_eq!(found["totalIsLowerBound"], json!(with_zip > 1_000), "{zip}");
});

// Whatever a fragment holds (quotes, the full-text syntax's words and signs, wildcards), it is
// looked for as written.
both_dbs!(fragments_are_taken_literally, |app| {
    load(&app).await;
    let s = app.signed_in("demo.staff").await;
    for fragment in [
        "\"smith\"",
        "smith OR lee",
        "NEAR(smith",
        "smi*",
        "lee AND",
        "^wei",
        "col:x",
        "%ith",
        "_ith",
    ] {
        let filter = json!({"statusRefIds": [0], "borrowerName": fragment});
        assert_eq!(files(&s, filter).await, Vec::<String>::new(), "{fragment}");
    }
    assert_eq!(
        files(
            &s,
            json!({"statusRefIds": [0], "borrowerName": "n smi", "sortField": "usaFileNumber"})
        )
        .await,
        ["100201"]
    );
    assert_eq!(
        files(&s, json!({"statusRefIds": [0], "borrowerName": "SMITHSON", "propertyCity": "dal"}))
            .await,
        ["100300"]
    );
});
