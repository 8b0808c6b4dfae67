//! Generated orders: `seed --orders N [--seed S]` for scale tests and benchmarks, and the demo
//! set (every status and every attention indicator) that `--demo` loads.
//!
//! The generated book is shaped like a large appraisal management company's: about 900 orders
//! a day spread over as many days as N needs (a million orders is three years), so that most
//! orders are closed and the open ones are the recent few weeks plus a small stuck tail. Orders
//! go to appraisers in proportion to a workload of their own: about one appraiser per 330
//! orders (thousands at a million), most in firms of 2 to 25 and the rest independent; each
//! works mostly in a few counties of a home state. The demo appraisers get an ordinary share,
//! and their firm ("Prairie Valuation Partners") has a dozen appraisers.
//!
//! Writing is batched through the database driver on one connection (SQLite: multi-row
//! prepared inserts; PostgreSQL: COPY). When the orders table is empty its secondary indexes
//! and search triggers are set aside during the load and rebuilt afterwards, all inside one
//! transaction, so another connection never sees the table without them.
use chrono::{DateTime, Duration, NaiveDate, Utc};
use portal_db::entities::{appraisal_company, appraiser_profile, client, order, security_user};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::sqlx;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait,
    NotSet, PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use crate::kernel::orders::status::OrderStatus;
use crate::kernel::users::accounts;
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::password;
use crate::platform::roles::UserType;

/// First names with rough US frequencies (per 10,000).
const FIRST_NAMES: &[(&str, u32)] = &[
    ("James", 330),
    ("Mary", 290),
    ("Robert", 320),
    ("Patricia", 130),
    ("John", 320),
    ("Jennifer", 150),
    ("Michael", 330),
    ("Linda", 130),
    ("David", 300),
    ("Elizabeth", 130),
    ("William", 250),
    ("Barbara", 110),
    ("Richard", 160),
    ("Susan", 110),
    ("Joseph", 170),
    ("Jessica", 100),
    ("Thomas", 150),
    ("Sarah", 110),
    ("Christopher", 150),
    ("Karen", 100),
    ("Charles", 140),
    ("Lisa", 100),
    ("Daniel", 150),
    ("Nancy", 90),
    ("Matthew", 120),
    ("Betty", 70),
    ("Anthony", 100),
    ("Sandra", 80),
    ("Mark", 100),
    ("Margaret", 70),
    ("Donald", 90),
    ("Ashley", 80),
    ("Steven", 90),
    ("Kimberly", 80),
    ("Andrew", 90),
    ("Emily", 80),
    ("Paul", 80),
    ("Donna", 70),
    ("Joshua", 90),
    ("Michelle", 80),
    ("Kenneth", 70),
    ("Carol", 60),
    ("Kevin", 80),
    ("Amanda", 70),
    ("Brian", 80),
    ("Melissa", 60),
    ("George", 70),
    ("Deborah", 60),
    ("Timothy", 60),
    ("Stephanie", 60),
    ("Ronald", 60),
    ("Rebecca", 50),
    ("Jason", 70),
    ("Laura", 50),
    ("Edward", 50),
    ("Sharon", 50),
    ("Jeffrey", 60),
    ("Cynthia", 50),
    ("Ryan", 60),
    ("Kathleen", 40),
    ("Jacob", 60),
    ("Amy", 50),
    ("Gary", 50),
    ("Angela", 50),
    ("Nicholas", 50),
    ("Shirley", 30),
    ("Eric", 50),
    ("Anna", 40),
    ("Jonathan", 50),
    ("Brenda", 40),
    ("Stephen", 50),
    ("Pamela", 30),
    ("Larry", 40),
    ("Emma", 40),
    ("Justin", 40),
    ("Nicole", 40),
    ("Scott", 40),
    ("Helen", 30),
    ("Brandon", 40),
    ("Samantha", 30),
    ("Benjamin", 40),
    ("Katherine", 30),
    ("Carlos", 40),
    ("Maria", 60),
    ("Jose", 60),
    ("Juan", 50),
    ("Luis", 30),
    ("Ana", 30),
    ("Sofia", 20),
    ("Wei", 20),
    ("Mei", 15),
    ("Hiroshi", 8),
    ("Yuki", 8),
    ("Priya", 12),
    ("Arjun", 10),
    ("Aisha", 12),
    ("Mohammed", 15),
    ("Fatima", 10),
    ("Dmitri", 6),
    ("Olga", 6),
    ("Chinedu", 5),
    ("Ngozi", 5),
    ("Thanh", 8),
    ("Minh", 8),
    ("Siobhan", 4),
    ("Zoë", 3),
    ("José", 10),
    ("Renée", 4),
    ("Björn", 2),
];

/// Surnames with rough US frequencies (2010 census, per 100,000), then a tail of rarer ones.
const LAST_NAMES: &[(&str, u32)] = &[
    ("Smith", 828),
    ("Johnson", 655),
    ("Williams", 550),
    ("Brown", 487),
    ("Jones", 483),
    ("Garcia", 393),
    ("Miller", 389),
    ("Davis", 380),
    ("Rodriguez", 363),
    ("Martinez", 353),
    ("Hernandez", 350),
    ("Lopez", 296),
    ("Gonzalez", 280),
    ("Wilson", 276),
    ("Anderson", 272),
    ("Thomas", 264),
    ("Taylor", 262),
    ("Moore", 245),
    ("Jackson", 242),
    ("Martin", 237),
    ("Lee", 229),
    ("Perez", 224),
    ("Thompson", 223),
    ("White", 222),
    ("Harris", 212),
    ("Sanchez", 205),
    ("Clark", 190),
    ("Ramirez", 187),
    ("Lewis", 182),
    ("Robinson", 181),
    ("Walker", 178),
    ("Young", 166),
    ("Allen", 164),
    ("King", 160),
    ("Wright", 159),
    ("Scott", 149),
    ("Torres", 147),
    ("Nguyen", 146),
    ("Hill", 146),
    ("Flores", 145),
    ("Green", 144),
    ("Adams", 143),
    ("Nelson", 141),
    ("Baker", 140),
    ("Hall", 135),
    ("Rivera", 132),
    ("Campbell", 130),
    ("Mitchell", 128),
    ("Carter", 127),
    ("Roberts", 126),
    ("Gomez", 120),
    ("Phillips", 116),
    ("Evans", 115),
    ("Turner", 114),
    ("Diaz", 114),
    ("Parker", 112),
    ("Cruz", 111),
    ("Edwards", 110),
    ("Collins", 110),
    ("Reyes", 109),
    ("Stewart", 108),
    ("Morris", 106),
    ("Morales", 105),
    ("Murphy", 104),
    ("Cook", 104),
    ("Rogers", 103),
    ("Gutierrez", 100),
    ("Ortiz", 99),
    ("Morgan", 98),
    ("Cooper", 98),
    ("Peterson", 97),
    ("Bailey", 96),
    ("Reed", 96),
    ("Kelly", 94),
    ("Howard", 93),
    ("Ramos", 93),
    ("Kim", 92),
    ("Cox", 92),
    ("Ward", 91),
    ("Richardson", 91),
    ("Watson", 89),
    ("Brooks", 89),
    ("Chavez", 89),
    ("Wood", 88),
    ("James", 88),
    ("Bennett", 88),
    ("Gray", 87),
    ("Mendoza", 87),
    ("Ruiz", 86),
    ("Hughes", 85),
    ("Price", 85),
    ("Alvarez", 85),
    ("Castillo", 84),
    ("Sanders", 83),
    ("Patel", 83),
    ("Myers", 82),
    ("Long", 82),
    ("Ross", 82),
    ("Foster", 82),
    ("Jimenez", 80),
    ("Powell", 79),
    ("Jenkins", 78),
    ("Perry", 78),
    ("Russell", 77),
    ("Sullivan", 77),
    ("Bell", 76),
    ("Coleman", 75),
    ("Butler", 75),
    ("Henderson", 74),
    ("Barnes", 74),
    ("Gonzales", 73),
    ("Fisher", 72),
    ("Vasquez", 72),
    ("Simmons", 71),
    ("Romero", 70),
    ("Jordan", 70),
    ("Patterson", 70),
    ("Alexander", 69),
    ("Hamilton", 69),
    ("Graham", 68),
    ("Reynolds", 67),
    ("Griffin", 67),
    ("Wallace", 67),
    ("Moreno", 66),
    ("West", 66),
    ("Cole", 65),
    ("Hayes", 65),
    ("Bryant", 65),
    ("Herrera", 64),
    ("Gibson", 64),
    ("Ellis", 64),
    ("Tran", 63),
    ("Medina", 63),
    ("Aguilar", 62),
    ("Stevens", 61),
    ("Murray", 61),
    ("Ford", 61),
    ("Castro", 61),
    ("Marshall", 61),
    ("Owens", 60),
    ("Harrison", 60),
    ("Fernandez", 60),
    ("McDonald", 59),
    ("Woods", 59),
    ("Washington", 59),
    ("Kennedy", 58),
    ("Wells", 58),
    ("Vargas", 58),
    ("Henry", 57),
    ("Chen", 57),
    ("Freeman", 56),
    ("Webb", 56),
    ("Tucker", 55),
    ("Guzman", 55),
    ("Burns", 55),
    ("Crawford", 55),
    ("Olson", 55),
    ("Simpson", 54),
    ("Porter", 54),
    ("Hunter", 54),
    ("Gordon", 54),
    ("Mendez", 54),
    ("Silva", 53),
    ("Shaw", 53),
    ("Snyder", 53),
    ("Mason", 52),
    ("Dixon", 52),
    ("Munoz", 52),
    ("Hunt", 51),
    ("Hicks", 51),
    ("Holmes", 51),
    ("Palmer", 51),
    ("Wagner", 50),
    ("Black", 50),
    ("Robertson", 50),
    ("Boyd", 50),
    ("Rose", 50),
    ("Stone", 49),
    ("Salazar", 49),
    ("Fox", 49),
    ("Warren", 49),
    ("Mills", 49),
    ("Meyer", 48),
    ("Rice", 48),
    ("Schmidt", 48),
    ("Garza", 48),
    ("Daniels", 48),
    ("Ferguson", 47),
    ("Nichols", 47),
    ("Stephens", 47),
    ("Soto", 47),
    ("Weaver", 46),
    ("Ryan", 46),
    ("Gardner", 46),
    ("Payne", 46),
    ("Grant", 46),
    ("Dunn", 45),
    ("Kelley", 45),
    ("Spencer", 45),
    ("Hawkins", 45),
    ("Arnold", 44),
    ("Pierce", 44),
    ("Vazquez", 44),
    ("Hansen", 44),
    ("Peters", 44),
    ("Santos", 44),
    ("Hart", 43),
    ("Bradley", 43),
    ("Knight", 43),
    ("Elliott", 43),
    ("Cunningham", 43),
    ("Duncan", 43),
    ("Armstrong", 43),
    ("Hudson", 42),
    ("Carroll", 42),
    ("Lane", 42),
    ("Riley", 42),
    ("Andrews", 42),
    ("Alvarado", 42),
    ("Ray", 42),
    ("Delgado", 41),
    ("Berry", 41),
    ("Perkins", 41),
    ("Hoffman", 41),
    ("Johnston", 41),
    ("Matthews", 41),
    ("Pena", 41),
    ("Richards", 41),
    ("Contreras", 40),
    ("Willis", 40),
    ("Carpenter", 40),
    ("Lawrence", 40),
    ("Sandoval", 40),
    ("O'Brien", 30),
    ("O'Connor", 28),
    ("Goldsmith", 12),
    ("Smithson", 6),
    ("Okafor", 5),
    ("Kowalski", 12),
    ("Nakamura", 10),
    ("Haddad", 8),
    ("Schwartz", 30),
    ("Novak", 15),
    ("Larsen", 15),
    ("Lindqvist", 3),
    ("Van der Berg", 4),
    ("Abernathy", 5),
    ("Müller", 3),
    ("Nuñez", 20),
    ("Ibáñez", 4),
    ("Dubois", 5),
    ("Rossi", 8),
    ("Kaur", 12),
    ("Singh", 40),
    ("Wang", 40),
    ("Li", 35),
    ("Zhang", 30),
    ("Liu", 25),
    ("Yang", 25),
    ("Huang", 20),
    ("Pham", 25),
    ("Le", 30),
    ("Vo", 12),
    ("Choi", 15),
    ("Park", 35),
    ("Ali", 20),
    ("Khan", 20),
    ("Cohen", 25),
    ("Friedman", 12),
    ("Levy", 10),
    ("Greenberg", 10),
];

const STREETS: &[&str] = &[
    "Oak",
    "Maple",
    "Cedar",
    "Pine",
    "Elm",
    "Washington",
    "Lake",
    "Hill",
    "Park",
    "Main",
    "Sunset",
    "Ridge",
    "Meadow",
    "River",
    "Forest",
    "Highland",
    "Church",
    "Jefferson",
    "Lincoln",
    "Walnut",
    "Spring",
    "Willow",
    "Chestnut",
    "Hickory",
    "Birch",
    "Mill",
    "Center",
    "Franklin",
    "Madison",
    "Jackson",
    "Adams",
    "Summit",
    "Valley",
    "Prairie",
    "Bluebonnet",
    "Magnolia",
    "Dogwood",
    "Sycamore",
    "Cherry",
    "Laurel",
    "Aspen",
    "Cypress",
    "Juniper",
    "Mesquite",
    "Pecan",
    "Live Oak",
    "Canyon",
    "Creek",
    "Heritage",
    "Colonial",
    "Country Club",
    "Railroad",
    "Orchard",
    "Harbor",
    "Bay",
    "Shady Grove",
    "Windmill",
    "Old Mill",
    "Fairview",
    "Greenbriar",
    "Brookside",
    "Stonegate",
    "Quail Run",
    "Deer Trail",
    "Eagle",
    "Hawthorne",
    "Kingston",
];
const SUFFIXES: &[(&str, u32)] = &[
    ("St", 30),
    ("Ave", 20),
    ("Dr", 25),
    ("Ln", 12),
    ("Ct", 8),
    ("Blvd", 5),
    ("Rd", 20),
    ("Way", 8),
    ("Pl", 4),
    ("Cir", 5),
    ("Trl", 3),
    ("Pkwy", 2),
];
const LENDERS: [&str; 24] = [
    "First Prairie Bank",
    "Lone Star Mortgage",
    "Heartland Credit Union",
    "Summit Home Loans",
    "Bluebonnet Lending",
    "Gateway Financial",
    "Riverbend Savings",
    "Pioneer Mortgage Co.",
    "Cornerstone Bank",
    "Keystone Home Finance",
    "Liberty Lending Group",
    "Northwind Credit Union",
    "Granite State Mortgage",
    "Coastal Federal Savings",
    "Evergreen Home Loans",
    "Magnolia Bank & Trust",
    "Red River Mortgage",
    "Golden Gate Lending",
    "Great Lakes Credit Union",
    "Desert Sky Mortgage",
    "Old Dominion Home Finance",
    "Sunshine State Bank",
    "Rocky Mountain Mortgage",
    "Bayou Lending Co.",
];
const FIRM_PLACES: &[&str] = &[
    "Lone Star",
    "Bluebonnet",
    "Cascade",
    "Piedmont",
    "Gulf Coast",
    "Heartland",
    "Great Plains",
    "Blue Ridge",
    "Sierra",
    "Tidewater",
    "Ozark",
    "Keystone",
    "Granite",
    "Evergreen",
    "Golden State",
    "Sunbelt",
    "Mesa",
    "Lakeshore",
    "Red River",
    "Appalachian",
    "Chesapeake",
    "Palmetto",
    "Magnolia",
    "Big Sky",
    "Desert",
    "Bayou",
    "Hudson Valley",
    "Twin Cities",
    "Capitol",
    "Frontier",
];
const FIRM_KINDS: &[&str] = &[
    "Appraisal Group",
    "Valuation Services",
    "Appraisers",
    "Real Estate Valuation",
    "Appraisal Partners",
    "Valuation Associates",
];

/// Share of housing by state (roughly population, in 100,000s), for order locations and home
/// states.
const STATE_WEIGHTS: &[(&str, u32)] = &[
    ("CA", 390),
    ("TX", 300),
    ("FL", 220),
    ("NY", 197),
    ("PA", 130),
    ("IL", 126),
    ("OH", 118),
    ("GA", 110),
    ("NC", 107),
    ("MI", 100),
    ("NJ", 93),
    ("VA", 87),
    ("WA", 78),
    ("AZ", 74),
    ("TN", 70),
    ("MA", 70),
    ("IN", 68),
    ("MO", 62),
    ("MD", 62),
    ("WI", 59),
    ("CO", 58),
    ("MN", 57),
    ("SC", 53),
    ("AL", 51),
    ("LA", 46),
    ("KY", 45),
    ("OR", 42),
    ("OK", 40),
    ("CT", 36),
    ("UT", 34),
    ("IA", 32),
    ("NV", 32),
    ("AR", 30),
    ("MS", 29),
    ("KS", 29),
    ("NM", 21),
    ("NE", 20),
    ("ID", 19),
    ("WV", 18),
    ("HI", 14),
    ("NH", 14),
    ("ME", 14),
    ("MT", 11),
    ("RI", 11),
    ("DE", 10),
    ("SD", 9),
    ("ND", 8),
    ("AK", 7),
    ("DC", 7),
    ("VT", 6),
    ("WY", 6),
    ("PR", 8),
];

/// First three ZIP digits per state (inclusive range).
const ZIP3: &[(&str, u32, u32)] = &[
    ("AL", 350, 369),
    ("AK", 995, 999),
    ("AZ", 850, 865),
    ("AR", 716, 729),
    ("CA", 900, 961),
    ("CO", 800, 816),
    ("CT", 60, 69),
    ("DE", 197, 199),
    ("DC", 200, 205),
    ("FL", 320, 349),
    ("GA", 300, 319),
    ("HI", 967, 968),
    ("ID", 832, 838),
    ("IL", 600, 629),
    ("IN", 460, 479),
    ("IA", 500, 528),
    ("KS", 660, 679),
    ("KY", 400, 427),
    ("LA", 700, 714),
    ("ME", 39, 49),
    ("MD", 206, 219),
    ("MA", 10, 27),
    ("MI", 480, 499),
    ("MN", 550, 567),
    ("MS", 386, 397),
    ("MO", 630, 658),
    ("MT", 590, 599),
    ("NE", 680, 693),
    ("NV", 889, 898),
    ("NH", 30, 38),
    ("NJ", 70, 89),
    ("NM", 870, 884),
    ("NY", 100, 149),
    ("NC", 270, 289),
    ("ND", 580, 588),
    ("OH", 430, 458),
    ("OK", 730, 749),
    ("OR", 970, 979),
    ("PA", 150, 196),
    ("RI", 28, 29),
    ("SC", 290, 299),
    ("SD", 570, 577),
    ("TN", 370, 385),
    ("TX", 750, 799),
    ("UT", 840, 847),
    ("VT", 50, 59),
    ("VA", 220, 246),
    ("WA", 980, 994),
    ("WV", 247, 268),
    ("WI", 530, 549),
    ("WY", 820, 831),
    ("PR", 6, 9),
];

/// The book's daily volume: N orders span N / 900 days (at least a month).
const ORDERS_PER_DAY: f64 = 900.0;
/// About one appraiser per this many generated orders.
const ORDERS_PER_APPRAISER: u64 = 330;
/// Appraisers in the demo firm once the book is big enough for more than the demo three.
const DEMO_FIRM_SIZE: usize = 12;
const GENERATED_PREFIX: &str = "gen.appraiser.";

/// Cumulative weights for picking from a weighted list.
struct Weighted<T> {
    items: Vec<T>,
    cumulative: Vec<u64>,
}

impl<T> Weighted<T> {
    fn new(pairs: impl IntoIterator<Item = (T, u64)>) -> Weighted<T> {
        let (mut items, mut cumulative, mut total) = (Vec::new(), Vec::new(), 0);
        for (item, weight) in pairs {
            total += weight.max(1);
            items.push(item);
            cumulative.push(total);
        }
        Weighted { items, cumulative }
    }

    fn pick(&self, rng: &mut StdRng) -> &T {
        let roll = rng.random_range(0..*self.cumulative.last().expect("not empty"));
        &self.items[self.cumulative.partition_point(|&c| c <= roll)]
    }
}

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

fn weighted_pick<T: Copy>(rng: &mut StdRng, table: &[(T, u32)]) -> T {
    let total: u32 = table.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for &(item, w) in table {
        if roll < w {
            return item;
        }
        roll -= w;
    }
    table[0].0
}

/// The status of an order `age` days after it was created: the pipeline from assignment
/// through inspection and review to delivery and invoicing, with cancellations along the way
/// and a small share that stays open (on hold, delayed, waiting) long after.
fn status_for_age(rng: &mut StdRng, age: f64) -> OrderStatus {
    use OrderStatus::*;
    const FRESH: [(OrderStatus, u32); 6] =
        [(Assigned, 60), (Accepted, 20), (Default, 9), (Draft, 4), (Quote, 3), (SpotHire, 4)];
    const SCHEDULING: [(OrderStatus, u32); 8] = [
        (Assigned, 8),
        (Accepted, 27),
        (LeftMessage, 10),
        (NoAnswer, 5),
        (ReferToComments, 3),
        (InProgress, 20),
        (Scheduled, 25),
        (Default, 2),
    ];
    const INSPECTING: [(OrderStatus, u32); 9] = [
        (Scheduled, 33),
        (Rescheduled, 8),
        (InProgress, 13),
        (Inspected, 25),
        (OnHold, 5),
        (Delayed, 4),
        (AppraiserDelay, 4),
        (Cancelled, 4),
        (PendingPayment, 4),
    ];
    const REVIEWING: [(OrderStatus, u32); 17] = [
        (Inspected, 14),
        (InReview, 20),
        (Level2Qc, 8),
        (PendingLevel2, 5),
        (Level3Qc, 2),
        (DocumentReview, 3),
        (RevisionRequested, 6),
        (PossibleRevision, 2),
        (UcdpReadyToUpload, 4),
        (PendingDelivery, 5),
        (ReviewEscalation, 1),
        (LeadershipQc, 1),
        (DuplicateReview, 1),
        (ChaseEscalation, 1),
        (DeliveredToClient, 15),
        (Completed, 8),
        (Cancelled, 4),
    ];
    const DELIVERING: [(OrderStatus, u32); 13] = [
        (DeliveredToClient, 35),
        (InvoiceCreated, 30),
        (Completed, 10),
        (Reviewed, 4),
        (Cancelled, 6),
        (Rejected, 1),
        (LenderRevisionRequest, 4),
        (RevisionRequestedResponse, 2),
        (RevisionRequested, 2),
        (WaitingApproval, 2),
        (UcdpFail, 1),
        (PendingPayment, 2),
        (InReview, 1),
    ];
    const CLOSED: [(OrderStatus, u32); 6] = [
        (InvoiceCreated, 55),
        (DeliveredToClient, 20),
        (Completed, 10),
        (Reviewed, 5),
        (Cancelled, 8),
        (Rejected, 2),
    ];
    const STUCK: [(OrderStatus, u32); 12] = [
        (OnHold, 25),
        (Delayed, 15),
        (LenderRevisionRequest, 10),
        (WaitingApproval, 10),
        (CancelPending, 8),
        (RevisionRequested, 8),
        (RevisionRequestedResponse, 5),
        (UcdpFail, 5),
        (PendingPayment, 5),
        (ChaseEscalation, 4),
        (AppraiserDelay, 3),
        (CancelPending, 2),
    ];
    if age < 0.3 {
        weighted_pick(rng, &FRESH)
    } else if age < 2.0 {
        weighted_pick(rng, &SCHEDULING)
    } else if age < 6.0 {
        weighted_pick(rng, &INSPECTING)
    } else if age < 12.0 {
        weighted_pick(rng, &REVIEWING)
    } else if age < 30.0 {
        weighted_pick(rng, &DELIVERING)
    } else if rng.random_bool(0.004) {
        weighted_pick(rng, &STUCK)
    } else {
        weighted_pick(rng, &CLOSED)
    }
}

/// One appraiser orders can go to: where they work and how busy they are.
#[derive(Clone)]
pub struct Appraiser {
    pub id: i32,
    pub company: Option<i32>,
    /// (state postal code, counties they mostly work in)
    state: &'static str,
    counties: Vec<&'static str>,
}

/// The people generated orders belong to.
pub struct Assignees {
    appraisers: Weighted<Appraiser>,
    pub clients: Vec<i32>,
    states: Weighted<&'static str>,
}

fn zip_for(rng: &mut StdRng, state: &str) -> String {
    let (lo, hi) =
        ZIP3.iter().find(|(s, ..)| *s == state).map_or((100, 999), |&(_, lo, hi)| (lo, hi));
    format!("{:03}{:02}", rng.random_range(lo..=hi), rng.random_range(1..100))
}

fn counties_of(state: &str) -> &'static [String] {
    geography::state(state).map_or(&[], |s| s.counties.as_slice())
}

fn home_counties(rng: &mut StdRng, state: &'static str) -> Vec<&'static str> {
    let all = counties_of(state);
    if all.is_empty() {
        return Vec::new();
    }
    (0..rng.random_range(2..6)).map(|_| pick(rng, all).as_str()).collect()
}

/// The demo accounts' (id, company), when loaded.
async fn demo_appraisers(db: &impl ConnectionTrait) -> AppResult<Vec<(i32, Option<i32>)>> {
    let mut found = Vec::new();
    for username in ["demo.appraiser", "demo.appraiser2", "demo.admin"] {
        if let Some(user) = accounts::find(db, username).await? {
            found.push((user.id, crate::kernel::users::access::company_of(db, user.id).await?));
        }
    }
    Ok(found)
}

async fn ensure_clients(db: &impl ConnectionTrait) -> AppResult<Vec<i32>> {
    if client::Entity::find().count(db).await? == 0 {
        let rows = LENDERS.iter().enumerate().map(|(i, lender)| client::ActiveModel {
            id: NotSet,
            company_name: Set(lender.to_string()),
            office_address_line: Set(Some(format!(
                "{} Commerce Plaza, Suite {}, Dallas, TX 75201",
                100 + i * 25,
                200 + i
            ))),
            main_contact_name: Set(Some(format!("{} {}", FIRST_NAMES[i].0, LAST_NAMES[40 - i].0))),
            main_contact_email: Set(Some(format!(
                "orders{}@{}.example",
                i + 1,
                lender.to_lowercase().replace([' ', '.', '&'], "")
            ))),
            main_contact_phone: Set(Some(format!("214-555-{:04}", 100 + i))),
            billing_email: Set(Some(format!(
                "billing{}@{}.example",
                i + 1,
                lender.to_lowercase().replace([' ', '.', '&'], "")
            ))),
            payment_terms_days: Set(30),
            borrower_pays: Set(false),
            assignment_mode: Set(None),
            offer_hours: Set(None),
            broadcast_size: Set(None),
            borrower_rov_offered: Set(true),
            rov_turn_time_days: Set(5),
            sso_domain: Set(None),
        });
        client::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(client::Entity::find().all(db).await?.into_iter().map(|c| c.id).collect())
}

/// Creates generated appraisers (and their firms) until there are `wanted` appraisers in all.
async fn ensure_appraisers(
    db: &DatabaseConnection,
    rng: &mut StdRng,
    wanted: usize,
) -> AppResult<Vec<(i32, Option<i32>, bool)>> {
    let demo = demo_appraisers(db).await?;
    let generated: Vec<(i32, Option<i32>)> = {
        let users = security_user::Entity::find()
            .filter(security_user::Column::LoginId.starts_with(GENERATED_PREFIX))
            .all(db)
            .await?;
        let profiles = appraiser_profile::Entity::find()
            .filter(appraiser_profile::Column::SecurityUserId.is_in(users.iter().map(|u| u.id)))
            .all(db)
            .await?;
        users
            .iter()
            .map(|u| {
                (
                    u.id,
                    profiles.iter().find(|p| p.security_user_id == u.id).and_then(|p| p.company_id),
                )
            })
            .collect()
    };
    let missing = wanted.saturating_sub(demo.len() + generated.len());
    let mut all: Vec<(i32, Option<i32>, bool)> =
        demo.iter().map(|&(id, c)| (id, c, true)).collect();
    all.extend(generated.iter().map(|&(id, c)| (id, c, false)));
    if missing == 0 {
        return Ok(all);
    }
    let demo_firm = demo.first().and_then(|(_, c)| *c);
    let mut demo_firm_open = match demo_firm {
        Some(firm) => {
            DEMO_FIRM_SIZE.saturating_sub(all.iter().filter(|(_, c, _)| *c == Some(firm)).count())
        }
        None => 0,
    };
    // Nobody knows this password: generated appraisers are for looking at, not signing in.
    let hash = password::hash_blocking(crate::platform::tokens::random_token()).await?;
    let first = generated.len() as u64 + 1;
    let txn = portal_db::begin_write(db).await?;
    let mut firm: Option<(i32, usize)> = None; // (id, places left)
    let mut users = Vec::new();
    let mut companies = Vec::new();
    for n in 0..missing {
        let company = if demo_firm_open > 0 {
            demo_firm_open -= 1;
            demo_firm
        } else if rng.random_bool(0.4) {
            None
        } else {
            if firm.is_none_or(|(_, left)| left == 0) {
                let name = format!(
                    "{} {} {}",
                    pick(rng, FIRM_PLACES),
                    pick(rng, FIRM_KINDS),
                    first + n as u64
                );
                let created = appraisal_company::ActiveModel {
                    id: NotSet,
                    name: Set(name),
                    created_at: Set(Utc::now()),
                    active: Set(true),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
                firm = Some((created.id, rng.random_range(2..26)));
            }
            let (id, left) = firm.expect("just made");
            firm = Some((id, left - 1));
            Some(id)
        };
        let number = first + n as u64;
        let (first_name, last_name) = (
            FIRST_NAMES[rng.random_range(0..FIRST_NAMES.len())].0,
            LAST_NAMES[rng.random_range(0..LAST_NAMES.len())].0,
        );
        users.push(security_user::ActiveModel {
            id: NotSet,
            login_id: Set(format!("{GENERATED_PREFIX}{number:05}")),
            password_hash: Set(hash.clone()),
            user_type: Set(UserType::Appraiser),
            first_name: Set(Some(first_name.into())),
            last_name: Set(Some(last_name.into())),
            email: Set(format!("{GENERATED_PREFIX}{number:05}@appraisers.example")),
            work_phone: Set(None),
            cell_phone: Set(Some(format!(
                "555-{:03}-{:04}",
                rng.random_range(200..999),
                rng.random_range(0..10_000)
            ))),
            cell_phone_carrier: Set(None),
            active: Set(true),
            created_at: Set(Utc::now()),
        });
        companies.push(company);
    }
    for chunk in users.chunks(500) {
        security_user::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    let created = security_user::Entity::find()
        .filter(security_user::Column::LoginId.starts_with(GENERATED_PREFIX))
        .filter(security_user::Column::Id.is_not_in(generated.iter().map(|g| g.0)))
        .order_by_asc(security_user::Column::Id)
        .all(&txn)
        .await?;
    let mut profiles = Vec::new();
    for (user, company) in created.iter().zip(companies) {
        profiles.push(appraiser_profile::ActiveModel {
            id: NotSet,
            security_user_id: Set(user.id),
            company_id: Set(company),
            office_address_line1: Set(None),
            office_address_line2: Set(None),
            office_city: Set(None),
            office_state_code: Set(None),
            office_zip_code: Set(None),
            is_fha_certified: Set(rng.random_bool(0.3)),
            is_staff_appraiser: Set(false),
            no_trainee: Set(true),
            ..Default::default()
        });
        all.push((user.id, company, false));
    }
    for chunk in profiles.chunks(500) {
        appraiser_profile::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    txn.commit().await?;
    Ok(all)
}

async fn assignees(
    db: &DatabaseConnection,
    rng: &mut StdRng,
    orders_after: u64,
) -> AppResult<Assignees> {
    let clients = ensure_clients(db).await?;
    let wanted = (orders_after / ORDERS_PER_APPRAISER) as usize;
    let people = ensure_appraisers(db, rng, wanted).await?;
    let states = Weighted::new(
        STATE_WEIGHTS
            .iter()
            .filter(|(s, _)| geography::state(s).is_some())
            .map(|&(s, w)| (s, w as u64)),
    );
    let appraisers = Weighted::new(people.into_iter().map(|(id, company, demo)| {
        // The demo appraisers work in central Texas; everyone else somewhere in the country,
        // some busier than others.
        let (state, counties, weight) = if demo {
            ("TX", vec!["Travis County", "Williamson County", "Hays County", "Bastrop County"], 100)
        } else {
            let state = *states.pick(rng);
            (state, home_counties(rng, state), rng.random_range(40..160))
        };
        (Appraiser { id, company, state, counties }, weight)
    }));
    Ok(Assignees { appraisers, clients, states })
}

/// One generated order, before it is written.
pub struct NewOrder {
    pub file_number: String,
    pub loan_number: Option<String>,
    pub borrower_name: String,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip: String,
    pub property_county: Option<String>,
    pub client_id: Option<i32>,
    pub status_id: OrderStatus,
    pub assigned_appraiser_id: Option<i32>,
    pub assigned_company_id: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub assignment_actual_date: Option<DateTime<Utc>>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub inspection_actual_date: Option<DateTime<Utc>>,
    pub inspection_due_date: Option<NaiveDate>,
    pub appraiser_due_date: Option<NaiveDate>,
    pub is_desktop: bool,
    pub appraiser_unread_messages: i32,
}

impl NewOrder {
    fn into_active_model(self) -> order::ActiveModel {
        order::ActiveModel {
            id: NotSet,
            file_number: Set(self.file_number),
            loan_number: Set(self.loan_number),
            borrower_name: Set(self.borrower_name),
            property_address_line1: Set(self.property_address_line1),
            property_city: Set(self.property_city),
            property_state_code: Set(self.property_state_code),
            property_zip: Set(self.property_zip),
            property_county: Set(self.property_county),
            client_id: Set(self.client_id),
            status_id: Set(self.status_id),
            assigned_appraiser_id: Set(self.assigned_appraiser_id),
            assigned_company_id: Set(self.assigned_company_id),
            created_at: Set(self.created_at),
            assignment_actual_date: Set(self.assignment_actual_date),
            accepted_at: Set(self.accepted_at),
            inspection_actual_date: Set(self.inspection_actual_date),
            inspection_due_date: Set(self.inspection_due_date),
            appraiser_due_date: Set(self.appraiser_due_date),
            is_desktop: Set(self.is_desktop),
            appraiser_unread_messages: Set(self.appraiser_unread_messages),
        }
    }
}

struct Names {
    first: Weighted<&'static str>,
    last: Weighted<&'static str>,
    suffixes: Weighted<&'static str>,
}

impl Names {
    fn new() -> Names {
        Names {
            first: Weighted::new(FIRST_NAMES.iter().map(|&(n, w)| (n, w as u64))),
            last: Weighted::new(LAST_NAMES.iter().map(|&(n, w)| (n, w as u64))),
            suffixes: Weighted::new(SUFFIXES.iter().map(|&(n, w)| (n, w as u64))),
        }
    }

    fn borrower(&self, rng: &mut StdRng) -> String {
        let last = *self.last.pick(rng);
        let first = *self.first.pick(rng);
        // Some loans have a co-borrower.
        if rng.random_bool(0.12) {
            format!("{first} & {} {last}", self.first.pick(rng))
        } else {
            format!("{first} {last}")
        }
    }
}

fn city_of(county: &str) -> String {
    let base =
        [" County", " Parish", " Borough", " Census Area", " Municipality", " city", " Municipio"]
            .iter()
            .find_map(|s| county.strip_suffix(s).or_else(|| county.find(s).map(|i| &county[..i])))
            .unwrap_or(county);
    base.to_string()
}

/// One generated order created at `created`, seen from `now`.
fn generated(
    rng: &mut StdRng,
    names: &Names,
    file_number: String,
    created: DateTime<Utc>,
    now: DateTime<Utc>,
    people: &Assignees,
) -> NewOrder {
    let age = (now - created).num_seconds() as f64 / 86_400.0;
    let status = status_for_age(rng, age);
    use OrderStatus as S;
    let unassigned = matches!(status, S::Default | S::Draft | S::Quote | S::SpotHire)
        || people.appraisers.items.is_empty();
    let appraiser = (!unassigned).then(|| people.appraisers.pick(rng).clone());
    // Most orders are in the appraiser's own counties; unassigned ones anywhere.
    let (state, county) = match &appraiser {
        Some(a) if !a.counties.is_empty() && rng.random_bool(0.85) => {
            (a.state, Some(pick(rng, &a.counties).to_string()))
        }
        Some(a) if rng.random_bool(0.9) => (
            a.state,
            counties_of(a.state)
                .get(rng.random_range(0..counties_of(a.state).len().max(1)))
                .cloned(),
        ),
        _ => {
            let s = *people.states.pick(rng);
            let all = counties_of(s);
            (s, (!all.is_empty()).then(|| pick(rng, all).clone()))
        }
    };
    let city = county.as_deref().map_or_else(|| "Springfield".to_string(), city_of);
    let assigned = created + Duration::minutes(rng.random_range(20..600));
    let is_desktop = rng.random_bool(0.08);
    let past_inspection = !matches!(
        status,
        S::Default
            | S::Assigned
            | S::Accepted
            | S::InProgress
            | S::ReferToComments
            | S::LeftMessage
            | S::NoAnswer
            | S::OnHold
            | S::Scheduled
            | S::Rescheduled
            | S::Cancelled
            | S::Rejected
            | S::Delayed
            | S::Draft
            | S::Quote
            | S::CancelPending
            | S::SpotHire
            | S::AppraiserDelay
    );
    let scheduled = matches!(status, S::Scheduled | S::Rescheduled);
    let inspection_at = created + Duration::hours(rng.random_range(40..140));
    let open = status.is_open();
    let day = |t: DateTime<Utc>| t.date_naive();
    NewOrder {
        file_number,
        loan_number: Some(if rng.random_bool(0.3) {
            format!(
                "{}{:08}",
                ["LN", "MTG", "HL", "RF"][rng.random_range(0..4)],
                rng.random_range(0..100_000_000u64)
            )
        } else {
            format!("{:010}", rng.random_range(0..10_000_000_000u64))
        }),
        borrower_name: names.borrower(rng),
        property_address_line1: format!(
            "{} {} {}",
            rng.random_range(100..20_000),
            pick(rng, STREETS),
            names.suffixes.pick(rng)
        ),
        property_city: city,
        property_state_code: state.to_string(),
        property_zip: zip_for(rng, state),
        property_county: county,
        client_id: people.clients.get(rng.random_range(0..people.clients.len().max(1))).copied(),
        status_id: status,
        assigned_appraiser_id: appraiser.as_ref().map(|a| a.id),
        assigned_company_id: appraiser.as_ref().and_then(|a| a.company),
        created_at: created,
        assignment_actual_date: appraiser.as_ref().map(|_| assigned),
        accepted_at: (appraiser.is_some() && status != S::Assigned)
            .then(|| assigned + Duration::minutes(rng.random_range(10..1200))),
        inspection_actual_date: (!is_desktop && (past_inspection || scheduled))
            .then_some(inspection_at),
        inspection_due_date: (!is_desktop)
            .then(|| day(created + Duration::days(rng.random_range(3..7)))),
        appraiser_due_date: Some(day(created + Duration::days(rng.random_range(6..14)))),
        is_desktop,
        appraiser_unread_messages: if open && rng.random_bool(0.15) {
            rng.random_range(1..4)
        } else {
            0
        },
    }
}

async fn max_order_id(db: &impl ConnectionTrait) -> AppResult<u64> {
    let row = db
        .query_one(
            &Query::select()
                .expr(Func::max(Expr::col(order::Column::Id)))
                .from(order::Entity)
                .take(),
        )
        .await?;
    let max: Option<i64> = row.map(|r| r.try_get_by_index(0)).transpose()?.flatten();
    Ok(max.unwrap_or(0) as u64)
}

fn sqlx_error(e: sqlx::Error) -> AppError {
    AppError::Internal(format!("seeding orders: {e}"))
}

const COLUMNS: &str = "file_number, loan_number, borrower_name, property_address_line1, \
    property_city, property_state_code, property_zip, property_county, client_id, status_id, \
    assigned_appraiser_id, assigned_company_id, created_at, assignment_actual_date, accepted_at, \
    inspection_actual_date, inspection_due_date, appraiser_due_date, is_desktop, \
    appraiser_unread_messages";
const COLUMN_COUNT: usize = 20;

/// SQLite: one connection, one transaction, prepared multi-row inserts.
struct SqliteWriter {
    sql: String,
    rows_per_statement: usize,
}

impl SqliteWriter {
    fn insert_sql(rows: usize) -> String {
        let one = format!("({})", vec!["?"; COLUMN_COUNT].join(","));
        format!("INSERT INTO orders ({COLUMNS}) VALUES {}", vec![one; rows].join(","))
    }
}

impl SqliteWriter {
    async fn write(&self, conn: &mut sqlx::SqliteConnection, batch: &[NewOrder]) -> AppResult<()> {
        for chunk in batch.chunks(self.rows_per_statement) {
            let owned;
            let sql = if chunk.len() == self.rows_per_statement {
                &self.sql
            } else {
                owned = Self::insert_sql(chunk.len());
                &owned
            };
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.as_str()));
            for o in chunk {
                q = q
                    .bind(&o.file_number)
                    .bind(&o.loan_number)
                    .bind(&o.borrower_name)
                    .bind(&o.property_address_line1)
                    .bind(&o.property_city)
                    .bind(&o.property_state_code)
                    .bind(&o.property_zip)
                    .bind(&o.property_county)
                    .bind(o.client_id)
                    .bind(o.status_id.id())
                    .bind(o.assigned_appraiser_id)
                    .bind(o.assigned_company_id)
                    .bind(o.created_at)
                    .bind(o.assignment_actual_date)
                    .bind(o.accepted_at)
                    .bind(o.inspection_actual_date)
                    .bind(o.inspection_due_date)
                    .bind(o.appraiser_due_date)
                    .bind(o.is_desktop)
                    .bind(o.appraiser_unread_messages);
            }
            q.execute(&mut *conn).await.map_err(sqlx_error)?;
        }
        Ok(())
    }
}

/// PostgreSQL: one connection, one transaction, COPY in text format.
struct PostgresWriter {
    buffer: String,
}

fn copy_text(out: &mut String, value: Option<&str>) {
    match value {
        None => out.push_str("\\N"),
        Some(v) => {
            for ch in v.chars() {
                match ch {
                    '\\' => out.push_str("\\\\"),
                    '\t' => out.push_str("\\t"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    c => out.push(c),
                }
            }
        }
    }
}

impl PostgresWriter {
    async fn write(&mut self, conn: &mut sqlx::PgConnection, batch: &[NewOrder]) -> AppResult<()> {
        use std::fmt::Write;
        let b = &mut self.buffer;
        b.clear();
        let time = |t: &DateTime<Utc>| t.format("%Y-%m-%d %H:%M:%S%.6f+00").to_string();
        for o in batch {
            let fields: [Option<String>; COLUMN_COUNT] = [
                Some(o.file_number.clone()),
                o.loan_number.clone(),
                Some(o.borrower_name.clone()),
                Some(o.property_address_line1.clone()),
                Some(o.property_city.clone()),
                Some(o.property_state_code.clone()),
                Some(o.property_zip.clone()),
                o.property_county.clone(),
                o.client_id.map(|v| v.to_string()),
                Some(o.status_id.id().to_string()),
                o.assigned_appraiser_id.map(|v| v.to_string()),
                o.assigned_company_id.map(|v| v.to_string()),
                Some(time(&o.created_at)),
                o.assignment_actual_date.as_ref().map(time),
                o.accepted_at.as_ref().map(time),
                o.inspection_actual_date.as_ref().map(time),
                o.inspection_due_date.map(|d| d.to_string()),
                o.appraiser_due_date.map(|d| d.to_string()),
                Some(if o.is_desktop { "t" } else { "f" }.to_string()),
                Some(o.appraiser_unread_messages.to_string()),
            ];
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    b.push('\t');
                }
                copy_text(b, f.as_deref());
            }
            let _ = writeln!(b);
        }
        let mut copy = conn
            .copy_in_raw(&format!("COPY orders ({COLUMNS}) FROM STDIN"))
            .await
            .map_err(sqlx_error)?;
        copy.send(self.buffer.as_bytes()).await.map_err(sqlx_error)?;
        copy.finish().await.map_err(sqlx_error)?;
        Ok(())
    }
}

/// What was set aside while loading into an empty table, to be put back afterwards.
struct SetAside {
    /// CREATE statements of the secondary indexes and of the search triggers.
    recreate: Vec<String>,
    /// Full-text tables (SQLite) to rebuild from the orders table.
    rebuild_fts: Vec<String>,
}

async fn sqlite_strings(
    conn: &mut sqlx::SqliteConnection,
    sql: &'static str,
) -> AppResult<Vec<(String, String)>> {
    use sqlx::Row;
    let rows = sqlx::query(sql).fetch_all(&mut *conn).await.map_err(sqlx_error)?;
    Ok(rows.iter().map(|r| (r.get::<String, _>(0), r.get::<String, _>(1))).collect())
}

async fn sqlite_set_aside(conn: &mut sqlx::SqliteConnection) -> AppResult<SetAside> {
    let indexes = sqlite_strings(
        conn,
        "SELECT name, sql FROM sqlite_master \
         WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL",
    )
    .await?;
    // Only the triggers that keep the full-text tables in step: the tables are rebuilt after.
    let triggers = sqlite_strings(
        conn,
        "SELECT name, sql FROM sqlite_master \
         WHERE type = 'trigger' AND tbl_name = 'orders' AND name LIKE 'orders_fts%'",
    )
    .await?;
    let fts = sqlite_strings(
        conn,
        "SELECT name, name FROM sqlite_master \
         WHERE type = 'table' AND name LIKE 'orders_fts%' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
    )
    .await?;
    for (name, _) in &indexes {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP INDEX \"{name}\"")))
            .execute(&mut *conn)
            .await
            .map_err(sqlx_error)?;
    }
    for (name, _) in &triggers {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP TRIGGER \"{name}\"")))
            .execute(&mut *conn)
            .await
            .map_err(sqlx_error)?;
    }
    Ok(SetAside {
        recreate: indexes.into_iter().chain(triggers).map(|(_, sql)| sql).collect(),
        rebuild_fts: fts.into_iter().map(|(name, _)| name).collect(),
    })
}

async fn postgres_set_aside(conn: &mut sqlx::PgConnection) -> AppResult<SetAside> {
    use sqlx::Row;
    // Secondary indexes only: those behind the primary key and unique constraints stay.
    let rows = sqlx::query(
        "SELECT i.relname::text, pg_get_indexdef(i.oid) FROM pg_index x \
         JOIN pg_class i ON i.oid = x.indexrelid \
         WHERE x.indrelid = 'orders'::regclass AND NOT EXISTS \
         (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)",
    )
    .fetch_all(&mut *conn)
    .await
    .map_err(sqlx_error)?;
    let mut recreate = Vec::new();
    for r in rows {
        let (name, sql): (String, String) = (r.get(0), r.get(1));
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP INDEX \"{name}\"")))
            .execute(&mut *conn)
            .await
            .map_err(sqlx_error)?;
        recreate.push(sql);
    }
    Ok(SetAside { recreate, rebuild_fts: Vec::new() })
}

/// Invites each appraiser to the generated orders (ids above `after_id`) they were given, as every
/// assignment does (was-invited stays true), dated when the order reached them.
fn invite_assignees_sql(after_id: u64) -> String {
    format!(
        "INSERT INTO order_invitations (order_id, appraiser_user_id, invited_at) \
         SELECT id, assigned_appraiser_id, COALESCE(assignment_actual_date, created_at) \
         FROM orders \
         WHERE id > {after_id} AND assigned_appraiser_id IS NOT NULL ON CONFLICT DO NOTHING"
    )
}

/// The creation times of `count` orders ending now at the book's daily volume, oldest first.
fn creation_times(count: u64, now: DateTime<Utc>) -> impl Fn(u64, &mut StdRng) -> DateTime<Utc> {
    let span_days = (count as f64 / ORDERS_PER_DAY).max(30.0);
    let span_seconds = span_days * 86_400.0;
    let start = now - Duration::seconds(span_seconds as i64);
    let step = span_seconds / count.max(1) as f64;
    move |i, rng| {
        start
            + Duration::milliseconds(
                ((i as f64 + rng.random_range(0.0..1.0)) * step * 1000.0) as i64,
            )
    }
}

/// Inserts `count` generated orders; answers how many were written.
/// Generated appraisers until there are `wanted` appraisers in all (the demo ones count), for a
/// panel larger than the orders need. Answers how many there are.
pub async fn add_appraisers(db: &DatabaseConnection, wanted: usize, seed: u64) -> AppResult<usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    Ok(ensure_appraisers(db, &mut rng, wanted).await?.len())
}

pub async fn seed_orders(db: &DatabaseConnection, count: u64, seed: u64) -> AppResult<u64> {
    const BATCH: u64 = 10_000;
    if count == 0 {
        return Ok(0);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let existing = order::Entity::find().count(db).await?;
    let people = assignees(db, &mut rng, existing + count).await?;
    let names = Names::new();
    let last_before = max_order_id(db).await?;
    let first = last_before + 100_000_001;
    let now = Utc::now();
    let created_at = creation_times(count, now);
    let mut batch = Vec::with_capacity(BATCH as usize);
    let mut lap = Lap::start();
    let next = |written: u64, n: u64, rng: &mut StdRng, batch: &mut Vec<NewOrder>| {
        batch.clear();
        for i in written..written + n {
            let created = created_at(i, rng);
            batch.push(generated(rng, &names, format!("{}", first + i), created, now, &people));
        }
    };

    match db.get_database_backend() {
        DbBackend::Sqlite => {
            let mut conn = db.get_sqlite_connection_pool().acquire().await.map_err(sqlx_error)?;
            // Seeding settings stay on this connection, which is closed afterwards.
            conn.close_on_drop();
            for pragma in [
                "PRAGMA foreign_keys = OFF",
                "PRAGMA synchronous = OFF",
                "PRAGMA cache_size = -262144",
                "PRAGMA temp_store = MEMORY",
            ] {
                sqlx::query(pragma).execute(&mut *conn).await.map_err(sqlx_error)?;
            }
            let w = SqliteWriter { sql: SqliteWriter::insert_sql(500), rows_per_statement: 500 };
            sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await.map_err(sqlx_error)?;
            let result: AppResult<()> = async {
                let aside =
                    if existing == 0 { Some(sqlite_set_aside(&mut conn).await?) } else { None };
                let mut written = 0;
                while written < count {
                    let n = BATCH.min(count - written);
                    next(written, n, &mut rng, &mut batch);
                    w.write(&mut conn, &batch).await?;
                    written += n;
                }
                lap.done("orders written");
                sqlx::query(sqlx::AssertSqlSafe(invite_assignees_sql(last_before)))
                    .execute(&mut *conn)
                    .await
                    .map_err(sqlx_error)?;
                lap.done("appraisers invited");
                if let Some(aside) = aside {
                    for sql in &aside.recreate {
                        sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
                            .execute(&mut *conn)
                            .await
                            .map_err(sqlx_error)?;
                    }
                    lap.done("indexes and triggers made again");
                    for table in &aside.rebuild_fts {
                        sqlx::query(sqlx::AssertSqlSafe(format!(
                            "INSERT INTO \"{table}\"(\"{table}\") VALUES ('rebuild')"
                        )))
                        .execute(&mut *conn)
                        .await
                        .map_err(sqlx_error)?;
                    }
                    lap.done("full-text tables rebuilt");
                }
                Ok(())
            }
            .await;
            let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
            sqlx::query(end).execute(&mut *conn).await.map_err(sqlx_error)?;
            result?;
            lap.done("committed");
        }
        DbBackend::Postgres => {
            let mut conn = db.get_postgres_connection_pool().acquire().await.map_err(sqlx_error)?;
            conn.close_on_drop();
            sqlx::query("BEGIN").execute(&mut *conn).await.map_err(sqlx_error)?;
            let result: AppResult<()> = async {
                sqlx::query("SET LOCAL maintenance_work_mem = '512MB'")
                    .execute(&mut *conn)
                    .await
                    .map_err(sqlx_error)?;
                let aside =
                    if existing == 0 { Some(postgres_set_aside(&mut conn).await?) } else { None };
                let mut w = PostgresWriter { buffer: String::new() };
                let mut written = 0;
                while written < count {
                    let n = BATCH.min(count - written);
                    next(written, n, &mut rng, &mut batch);
                    w.write(&mut conn, &batch).await?;
                    written += n;
                }
                lap.done("orders written");
                sqlx::query(sqlx::AssertSqlSafe(invite_assignees_sql(last_before)))
                    .execute(&mut *conn)
                    .await
                    .map_err(sqlx_error)?;
                lap.done("appraisers invited");
                if let Some(aside) = aside {
                    for sql in &aside.recreate {
                        sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
                            .execute(&mut *conn)
                            .await
                            .map_err(sqlx_error)?;
                    }
                    lap.done("indexes and triggers made again");
                }
                Ok(())
            }
            .await;
            let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
            sqlx::query(end).execute(&mut *conn).await.map_err(sqlx_error)?;
            result?;
            lap.done("committed");
            // Fresh statistics and visibility map, so the planner and index-only scans see the new
            // rows.
            sqlx::query("VACUUM ANALYZE orders").execute(&mut *conn).await.map_err(sqlx_error)?;
            lap.done("orders vacuumed");
        }
        other => return Err(AppError::Internal(format!("seeding is not supported on {other:?}"))),
    }
    crate::kernel::orders::counts::compact(db).await?;
    lap.done("status counts kept");
    client_rows(db, last_before as i64).await?;
    lap.done("client rows written");
    // Statistics of every table the new rows went to, so that the first searches are planned
    // well (SQLite samples each index rather than reading it whole).
    if db.get_database_backend() == DbBackend::Sqlite {
        db.execute_unprepared("PRAGMA analysis_limit = 2000").await?;
    }
    db.execute_unprepared("ANALYZE").await?;
    lap.done("statistics gathered");
    Ok(count)
}

/// The time each step of seeding took, logged at the info level.
struct Lap(std::time::Instant);

impl Lap {
    fn start() -> Lap {
        Lap(std::time::Instant::now())
    }

    fn done(&mut self, step: &str) {
        tracing::info!("seeding: {step} in {:.1} s", self.0.elapsed().as_secs_f64());
        self.0 = std::time::Instant::now();
    }
}

/// The client's row of every order after `last_id` that has a client (orders made outside the
/// order form: generated ones arrive as if staff had placed them).
pub async fn client_rows(db: &impl ConnectionTrait, last_id: i64) -> AppResult<()> {
    db.execute_unprepared(&format!(
        "INSERT INTO client_orders (order_id, client_id, source, updated_at) \
         SELECT id, client_id, 'staff', created_at FROM orders \
         WHERE id > {last_id} AND client_id IS NOT NULL"
    ))
    .await?;
    Ok(())
}

/// A demo order for one status, with dates that produce the wanted attention indicator.
struct DemoOrder {
    status: OrderStatus,
    assigned_hours_ago: i64,
    due_in_days: i64,
    inspection_due_in_days: i64,
    inspection_in_hours: Option<i64>,
    desktop_accepted_days_ago: Option<i64>,
    unread: i32,
}

fn demo_plan() -> Vec<DemoOrder> {
    use OrderStatus as S;
    let plain = |status| DemoOrder {
        status,
        assigned_hours_ago: 6,
        due_in_days: 7,
        inspection_due_in_days: 4,
        inspection_in_hours: None,
        desktop_accepted_days_ago: None,
        unread: 0,
    };
    let mut plan: Vec<DemoOrder> = OrderStatus::ALL.map(plain).into();
    plan.extend([
        DemoOrder { assigned_hours_ago: 30, ..plain(S::Assigned) }, // late acceptance
        DemoOrder { due_in_days: -2, ..plain(S::InProgress) },      // order overdue
        DemoOrder { due_in_days: 0, unread: 2, ..plain(S::Inspected) }, // due today
        DemoOrder { inspection_in_hours: Some(-3), ..plain(S::Scheduled) }, // inspection overdue
        DemoOrder {
            inspection_in_hours: Some(24 * 6),
            inspection_due_in_days: 2,
            ..plain(S::Rescheduled)
        }, // late inspection date set
        DemoOrder { inspection_due_in_days: 1, ..plain(S::Accepted) }, // inspection date not set
        DemoOrder { desktop_accepted_days_ago: Some(3), ..plain(S::Inspected) }, // desktop followup
        DemoOrder { unread: 3, ..plain(S::Accepted) },
        // 26000050..26000054 are changed by the browser tests of the order actions only
        // (web/e2e/order-actions.spec.ts); 26000054 has staff's on-time question open.
        plain(S::Assigned),
        plain(S::Assigned),
        plain(S::Assigned),
        plain(S::InProgress),
        plain(S::Inspected),
    ]);
    plan
}

/// Loads the demo orders once: every status and every attention indicator, for demo.appraiser
/// mostly, plus a generated book of a few hundred orders across the firm.
pub async fn seed_demo_orders(db: &DatabaseConnection) -> AppResult<()> {
    use OrderStatus as S;
    if order::Entity::find().count(db).await? > 0 {
        return Ok(());
    }
    let mut rng = StdRng::seed_from_u64(2026);
    let people = assignees(db, &mut rng, 0).await?;
    let Some(&(appraiser, company)) = demo_appraisers(db).await?.first() else { return Ok(()) };
    let names = Names::new();
    let now = Utc::now();
    let txn = portal_db::begin_write(db).await?;
    let mut rows = Vec::new();
    for (i, plan) in demo_plan().into_iter().enumerate() {
        let mut row = generated(
            &mut rng,
            &names,
            format!("{}", 26_000_001 + i),
            now - Duration::hours(8),
            now,
            &people,
        )
        .into_active_model();
        let assigned = now - Duration::hours(plan.assigned_hours_ago);
        let today = now.with_timezone(&chrono_tz::America::Chicago).date_naive();
        let unassigned = matches!(plan.status, S::Default | S::Draft | S::Quote);
        row.status_id = Set(plan.status);
        row.assigned_appraiser_id = Set((!unassigned).then_some(appraiser));
        row.assigned_company_id = Set(if unassigned { None } else { company });
        row.created_at = Set(assigned - Duration::hours(2));
        row.assignment_actual_date = Set((!unassigned).then_some(assigned));
        row.accepted_at = Set(plan
            .desktop_accepted_days_ago
            .map(|d| now - Duration::days(d))
            .or((plan.status != S::Assigned).then_some(assigned + Duration::hours(1))));
        row.appraiser_due_date = Set(Some(today + Duration::days(plan.due_in_days)));
        row.inspection_due_date = Set(Some(today + Duration::days(plan.inspection_due_in_days)));
        row.inspection_actual_date = Set(plan
            .inspection_in_hours
            .map(|h| now + Duration::hours(h))
            .or(matches!(plan.status, S::Scheduled | S::Rescheduled)
                .then(|| now + Duration::hours(48))));
        row.is_desktop = Set(plan.desktop_accepted_days_ago.is_some());
        row.appraiser_unread_messages = Set(plan.unread);
        if plan.desktop_accepted_days_ago.is_some() {
            row.inspection_due_date = Set(None);
            row.inspection_actual_date = Set(None);
        }
        rows.push(row);
    }
    order::Entity::insert_many(rows).exec_without_returning(&txn).await?;
    txn.execute_unprepared(&invite_assignees_sql(0)).await?;
    client_rows(&txn, 0).await?;
    txn.commit().await?;
    seed_orders(db, 300, 7).await?;
    Ok(())
}
