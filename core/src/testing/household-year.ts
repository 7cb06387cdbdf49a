/**
 * A realistic year of a US household's bank rows, each with the category a careful person would
 * give it: what the categorizer's accuracy is measured on (tests and `npm run bench`). Written
 * from how US banks print card purchases, ACH lines and transfers (Chase's plain merchant and city,
 * Bank of America's CHECKCARD and DES: lines, Wells Fargo's PURCHASE AUTHORIZED ON, processor
 * prefixes), with national chains, billers and local shops, some of whose names say nothing of
 * what they sell. Deterministic for a seed.
 */
import type { CategoryKey } from '../categories/keys';

export interface SampleRow {
  month: number;
  date: string;
  direction: 'SPENT' | 'DEPOSITED';
  amountCents: number;
  description: string;
  truth: CategoryKey;
}

interface Payee {
  /** How the processor writes it; {n} becomes a store or reference number. */
  text: string;
  truth: CategoryKey;
  direction?: 'SPENT' | 'DEPOSITED';
  /** Typical amount in dollars. */
  amount: number;
  /** Visits a month for a household that uses it. */
  perMonth: number;
  /** Printed as the bank wrote it, without a card-purchase wrapper (ACH lines, bank's own lines). */
  plain?: boolean;
}

const CHAINS: Payee[] = [
  { text: 'KING SOOPERS #{n}', truth: 'GROCERIES', amount: 96, perMonth: 4 },
  { text: 'SAFEWAY #{n}', truth: 'GROCERIES', amount: 74, perMonth: 2 },
  { text: 'WHOLEFDS MKT {n}', truth: 'GROCERIES', amount: 58, perMonth: 1 },
  { text: "TRADER JOE'S #{n}", truth: 'GROCERIES', amount: 63, perMonth: 2 },
  { text: 'ALDI {n}', truth: 'GROCERIES', amount: 52, perMonth: 2 },
  { text: 'COSTCO WHSE #{n}', truth: 'GROCERIES', amount: 188, perMonth: 1 },
  { text: 'KROGER #{n}', truth: 'GROCERIES', amount: 81, perMonth: 3 },
  { text: 'PUBLIX #{n}', truth: 'GROCERIES', amount: 77, perMonth: 3 },
  { text: 'H-E-B #{n}', truth: 'GROCERIES', amount: 91, perMonth: 3 },
  { text: 'INSTACART*{n}', truth: 'GROCERIES', amount: 110, perMonth: 1 },
  { text: 'STARBUCKS STORE {n}', truth: 'DINING', amount: 7, perMonth: 6 },
  { text: "MCDONALD'S F{n}", truth: 'DINING', amount: 11, perMonth: 3 },
  { text: 'CHICK-FIL-A #{n}', truth: 'DINING', amount: 14, perMonth: 2 },
  { text: 'CHIPOTLE {n}', truth: 'DINING', amount: 15, perMonth: 2 },
  { text: 'TST* SHAKE SHACK {n}', truth: 'DINING', amount: 24, perMonth: 1 },
  { text: 'DD *DOORDASH CHIPOTLE', truth: 'DINING', amount: 31, perMonth: 2 },
  { text: 'UBER *EATS {n}', truth: 'DINING', amount: 28, perMonth: 1 },
  { text: 'DUNKIN #{n}', truth: 'DINING', amount: 6, perMonth: 3 },
  { text: 'PANERA BREAD #{n}', truth: 'DINING', amount: 16, perMonth: 1 },
  { text: 'TACO BELL #{n}', truth: 'DINING', amount: 12, perMonth: 2 },
  { text: 'OLIVE GARDEN {n}', truth: 'DINING', amount: 58, perMonth: 1 },
  { text: 'GRUBHUB*{n}', truth: 'DINING', amount: 34, perMonth: 1 },
  { text: 'SHELL OIL {n}', truth: 'TRANSPORT', amount: 45, perMonth: 2 },
  { text: 'CHEVRON {n}', truth: 'TRANSPORT', amount: 48, perMonth: 2 },
  { text: 'EXXONMOBIL {n}', truth: 'TRANSPORT', amount: 44, perMonth: 1 },
  { text: 'CIRCLE K # {n}', truth: 'TRANSPORT', amount: 38, perMonth: 1 },
  { text: 'QT {n} OUTSIDE', truth: 'TRANSPORT', amount: 41, perMonth: 2 },
  { text: 'UBER *TRIP', truth: 'TRANSPORT', amount: 19, perMonth: 2 },
  { text: 'LYFT *RIDE SAT 11PM', truth: 'TRANSPORT', amount: 17, perMonth: 1 },
  { text: 'E-Z*PASSNY REBILL', truth: 'TRANSPORT', amount: 25, perMonth: 1 },
  { text: 'PARKMOBILE-{n}', truth: 'TRANSPORT', amount: 6, perMonth: 1 },
  { text: 'JIFFY LUBE #{n}', truth: 'TRANSPORT', amount: 79, perMonth: 0.3 },
  { text: 'AUTOZONE #{n}', truth: 'TRANSPORT', amount: 35, perMonth: 0.3 },
  { text: 'AMZN Mktp US*{n}', truth: 'SHOPPING', amount: 36, perMonth: 4 },
  { text: 'AMAZON.COM*{n} AMZN.COM/BILL WA', truth: 'SHOPPING', amount: 42, perMonth: 2 },
  { text: 'TARGET 000{n}', truth: 'SHOPPING', amount: 54, perMonth: 3 },
  { text: 'WAL-MART #{n}', truth: 'SHOPPING', amount: 67, perMonth: 2 },
  { text: 'WM SUPERCENTER #{n}', truth: 'SHOPPING', amount: 72, perMonth: 1 },
  { text: 'THE HOME DEPOT #{n}', truth: 'SHOPPING', amount: 64, perMonth: 1 },
  { text: "LOWE'S #{n}", truth: 'SHOPPING', amount: 58, perMonth: 0.5 },
  { text: 'TJ MAXX #{n}', truth: 'SHOPPING', amount: 46, perMonth: 0.5 },
  { text: 'BEST BUY {n}', truth: 'SHOPPING', amount: 120, perMonth: 0.3 },
  { text: 'DOLLAR TREE {n}', truth: 'SHOPPING', amount: 14, perMonth: 1 },
  { text: 'OLD NAVY US {n}', truth: 'SHOPPING', amount: 48, perMonth: 0.5 },
  { text: 'ETSY.COM - {n}', truth: 'SHOPPING', amount: 29, perMonth: 0.4 },
  { text: 'CVS/PHARMACY #{n}', truth: 'HEALTH', amount: 23, perMonth: 1 },
  { text: 'WALGREENS #{n}', truth: 'HEALTH', amount: 19, perMonth: 1 },
  { text: 'QUEST DIAGNOSTICS', truth: 'HEALTH', amount: 85, perMonth: 0.2 },
  { text: 'ASPEN DENTAL {n}', truth: 'HEALTH', amount: 140, perMonth: 0.2 },
  { text: 'NETFLIX.COM', truth: 'SUBSCRIPTIONS', amount: 15.49, perMonth: 1 },
  { text: 'SPOTIFY USA', truth: 'SUBSCRIPTIONS', amount: 11.99, perMonth: 1 },
  { text: 'APPLE.COM/BILL', truth: 'SUBSCRIPTIONS', amount: 2.99, perMonth: 1 },
  { text: 'HULU {n}', truth: 'SUBSCRIPTIONS', amount: 17.99, perMonth: 1 },
  { text: 'GOOGLE *YouTubePremium', truth: 'SUBSCRIPTIONS', amount: 13.99, perMonth: 1 },
  { text: 'DISNEY PLUS', truth: 'SUBSCRIPTIONS', amount: 13.99, perMonth: 1 },
  { text: 'AMAZON PRIME*{n}', truth: 'SUBSCRIPTIONS', amount: 14.99, perMonth: 1 },
  { text: 'MICROSOFT*MICROSOFT 365 P', truth: 'SUBSCRIPTIONS', amount: 9.99, perMonth: 1 },
  { text: 'AMC {n} ONLINE', truth: 'ENTERTAINMENT', amount: 32, perMonth: 0.5 },
  { text: 'TICKETMASTER', truth: 'ENTERTAINMENT', amount: 118, perMonth: 0.2 },
  { text: 'STEAMGAMES.COM {n}', truth: 'ENTERTAINMENT', amount: 20, perMonth: 0.5 },
  { text: 'BARNES & NOBLE #{n}', truth: 'ENTERTAINMENT', amount: 27, perMonth: 0.4 },
  { text: 'PLANET FITNESS', truth: 'PERSONAL_CARE', amount: 24.99, perMonth: 1 },
  { text: 'GREAT CLIPS #{n}', truth: 'PERSONAL_CARE', amount: 22, perMonth: 0.7 },
  { text: 'ULTA #{n}', truth: 'SHOPPING', amount: 38, perMonth: 0.5 },
  { text: 'PETSMART # {n}', truth: 'PETS', amount: 42, perMonth: 1 },
  { text: 'CHEWY.COM', truth: 'PETS', amount: 61, perMonth: 1 },
  { text: 'BANFIELD PET HOSP #{n}', truth: 'PETS', amount: 95, perMonth: 0.2 },
  { text: 'KINDERCARE #{n}', truth: 'EDUCATION_CHILDCARE', amount: 310, perMonth: 2 },
  { text: 'AIRBNB * HM{n}', truth: 'TRAVEL', amount: 412, perMonth: 0.1 },
  { text: 'SOUTHWES 526{n}', truth: 'TRAVEL', amount: 289, perMonth: 0.1 },
  { text: 'MARRIOTT {n}', truth: 'TRAVEL', amount: 220, perMonth: 0.1 },
  { text: 'UNITED WAY', truth: 'GIVING', amount: 25, perMonth: 0.3 },
  { text: 'TITHE.LY', truth: 'GIVING', amount: 50, perMonth: 1 },
];

/** Bills, pay, transfers and the bank's own lines, written as ACH and bank lines are. */
const LINES: Payee[] = [
  {
    text: 'COMCAST CABLE COMM DES:PAYMENT ID:{n} INDN:JANE DOE WEB',
    truth: 'UTILITIES',
    amount: 89.99,
    perMonth: 1,
    plain: true,
  },
  {
    text: 'XCEL ENERGY-PSCO DES:XCELENERGY ID:{n}',
    truth: 'UTILITIES',
    amount: 112,
    perMonth: 1,
    plain: true,
  },
  { text: 'VERIZON WIRELESS PAYMENTS {n}', truth: 'UTILITIES', amount: 96, perMonth: 1, plain: true },
  { text: 'T-MOBILE PCS SVC', truth: 'UTILITIES', amount: 140, perMonth: 1, plain: true },
  { text: 'DENVER WATER DES:WATER BILL', truth: 'UTILITIES', amount: 61, perMonth: 1, plain: true },
  { text: 'GEICO *AUTO', truth: 'INSURANCE', amount: 132, perMonth: 1, plain: true },
  { text: 'STATE FARM RO 27 SFPP {n}', truth: 'INSURANCE', amount: 98, perMonth: 1, plain: true },
  { text: 'PROGRESSIVE *INSURANCE', truth: 'INSURANCE', amount: 121, perMonth: 1, plain: true },
  { text: 'APPFOLIO RENT DES:WEB PMTS ID:{n}', truth: 'HOUSING', amount: 1650, perMonth: 1, plain: true },
  { text: 'ROCKET MORTGAGE DES:MTG PYMT', truth: 'HOUSING', amount: 1812, perMonth: 1, plain: true },
  {
    text: 'CHASE CREDIT CRD AUTOPAY PPD ID: {n}',
    truth: 'DEBT_PAYMENTS',
    amount: 350,
    perMonth: 1,
    plain: true,
  },
  { text: 'CAPITAL ONE MOBILE PMT', truth: 'DEBT_PAYMENTS', amount: 120, perMonth: 1, plain: true },
  { text: 'DISCOVER E-PAYMENT {n}', truth: 'DEBT_PAYMENTS', amount: 95, perMonth: 1, plain: true },
  {
    text: 'TOYOTA FINANCIAL SERVICE DES:PAYMENT',
    truth: 'DEBT_PAYMENTS',
    amount: 389,
    perMonth: 1,
    plain: true,
  },
  { text: 'NAVIENT DES:NAVI ED', truth: 'DEBT_PAYMENTS', amount: 212, perMonth: 1, plain: true },
  { text: 'AFFIRM * PAY {n}', truth: 'DEBT_PAYMENTS', amount: 48, perMonth: 0.7, plain: true },
  { text: 'Zelle payment to JOHN SMITH Conf# {n}', truth: 'TRANSFERS', amount: 80, perMonth: 1, plain: true },
  { text: 'VENMO DES:PAYMENT ID:{n}', truth: 'TRANSFERS', amount: 40, perMonth: 2, plain: true },
  {
    text: 'Online Transfer to SAV ...{n} transaction#: {n}',
    truth: 'TRANSFERS',
    amount: 200,
    perMonth: 1,
    plain: true,
  },
  { text: 'ATM WITHDRAWAL 00{n} 1620 MAIN ST', truth: 'CASH', amount: 60, perMonth: 1, plain: true },
  { text: 'NON-CHASE ATM WITHDRAW {n}', truth: 'CASH', amount: 40, perMonth: 0.5, plain: true },
  { text: 'OVERDRAFT ITEM FEE FOR ACTIVITY OF {n}', truth: 'FEES', amount: 34, perMonth: 0.2, plain: true },
  { text: 'MONTHLY SERVICE FEE', truth: 'FEES', amount: 12, perMonth: 0.3, plain: true },
  { text: 'IRS USATAXPYMT {n}', truth: 'TAXES', amount: 310, perMonth: 0.1, plain: true },
  {
    text: 'ACME CORP DES:PAYROLL ID:{n}',
    truth: 'INCOME',
    amount: 1890,
    perMonth: 2,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'DIRECT DEP BRIGHTSIDE HEALTH',
    truth: 'INCOME',
    amount: 1420,
    perMonth: 2,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'INTEREST PAYMENT',
    truth: 'INCOME',
    amount: 1.12,
    perMonth: 1,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'VENMO DES:CASHOUT ID:{n}',
    truth: 'TRANSFERS',
    amount: 55,
    perMonth: 1,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'Zelle payment from MARIA LOPEZ Conf# {n}',
    truth: 'TRANSFERS',
    amount: 75,
    perMonth: 0.5,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'Online Transfer from SAV ...{n}',
    truth: 'TRANSFERS',
    amount: 150,
    perMonth: 0.5,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'IRS TREAS 310 TAX REF',
    truth: 'TAXES',
    amount: 1240,
    perMonth: 0.08,
    plain: true,
    direction: 'DEPOSITED',
  },
  {
    text: 'AMAZON.COM*{n} AMZN.COM/BILL WA',
    truth: 'SHOPPING',
    amount: 24,
    perMonth: 0.3,
    plain: true,
    direction: 'DEPOSITED',
  },
];

/** Local shops: a name of their own, through Square, Toast or their bank's terminal. */
const LOCAL: Payee[] = [
  { text: 'SQ *SUNRISE DONUTS', truth: 'DINING', amount: 9, perMonth: 2 },
  { text: 'TST* LA CASITA TAQUERIA', truth: 'DINING', amount: 26, perMonth: 1 },
  { text: 'TST* THE WORKSHOP', truth: 'DINING', amount: 44, perMonth: 0.5 },
  { text: 'SQ *MOUNTAIN ROASTERS', truth: 'DINING', amount: 6, perMonth: 3 },
  { text: 'GREEN LEAF THAI', truth: 'DINING', amount: 33, perMonth: 1 },
  { text: "ROSIE'S DINER", truth: 'DINING', amount: 29, perMonth: 1 },
  { text: 'BREWERY RIDGE TAPROOM', truth: 'DINING', amount: 38, perMonth: 0.5 },
  { text: 'SQ *KIMS', truth: 'DINING', amount: 18, perMonth: 1 },
  { text: 'THE BLUE DOOR', truth: 'DINING', amount: 47, perMonth: 0.4 },
  { text: 'MAIN STREET BARBER', truth: 'PERSONAL_CARE', amount: 28, perMonth: 1 },
  { text: 'LUCKY NAIL SPA', truth: 'PERSONAL_CARE', amount: 45, perMonth: 0.5 },
  { text: 'VALLEY VET CLINIC', truth: 'PETS', amount: 88, perMonth: 0.3 },
  { text: 'SMITH FAMILY DENTAL', truth: 'HEALTH', amount: 120, perMonth: 0.2 },
  { text: 'ORCHARD MARKET', truth: 'GROCERIES', amount: 34, perMonth: 1 },
  { text: "JOE'S AUTO REPAIR", truth: 'TRANSPORT', amount: 260, perMonth: 0.2 },
  { text: 'SQ *HIGHLAND YOGA', truth: 'PERSONAL_CARE', amount: 20, perMonth: 1 },
  { text: 'PAYPAL *LOCALFARMCSA', truth: 'GROCERIES', amount: 40, perMonth: 1 },
  { text: 'CITY OF DENVER PARKING', truth: 'TRANSPORT', amount: 8, perMonth: 1 },
  { text: 'SUNNYSIDE MONTESSORI', truth: 'EDUCATION_CHILDCARE', amount: 220, perMonth: 0.5 },
  { text: 'PAYPAL *ELEVATIONCH', truth: 'GIVING', amount: 40, perMonth: 0.5 },
];

/** One-off places of a kind, each seen once: a new shop's name in a new town. */
const ONE_OFF_KINDS: { words: string[]; truth: CategoryKey }[] = [
  {
    words: ['PIZZERIA', 'GRILL', 'CAFE', 'BURGERS', 'TACOS', 'SUSHI', 'BBQ', 'BAKERY', 'KITCHEN', 'PUB'],
    truth: 'DINING',
  },
  { words: ['MARKET', 'FOODS'], truth: 'GROCERIES' },
  { words: ['GAS', 'FUEL'], truth: 'TRANSPORT' },
  { words: ['BOUTIQUE', 'HARDWARE', 'OUTLET'], truth: 'SHOPPING' },
  { words: ['SALON', 'NAILS'], truth: 'PERSONAL_CARE' },
  { words: ['MUSEUM', 'CINEMA', 'BOWLING'], truth: 'ENTERTAINMENT' },
  { words: ['INN', 'MOTEL'], truth: 'TRAVEL' },
  { words: ['GIFTS', 'EMPORIUM', 'TRADING CO'], truth: 'SHOPPING' },
];
const PLACE_NAMES = [
  'ASPEN',
  'RIVERSIDE',
  'OAK HILL',
  'PINE',
  'GOLDEN',
  'CEDAR',
  'MAPLE',
  'SUMMIT',
  'HARBOR',
  'ELM',
  'BRIDGE',
  'STONE',
  'WILLOW',
  'BIRCH',
  'FALCON',
  'LAKE',
];
const CITIES = ['DENVER CO', 'AURORA CO', 'BOULDER CO', 'AUSTIN TX', 'TAMPA FL', 'MESA AZ', 'DAYTON OH'];

/** A small, seeded generator (mulberry32): the same year for the same seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The row as one of three banks prints a card purchase. */
function asPrinted(text: string, bank: number, date: string, city: string, next: () => number): string {
  const [, month, day] = date.split('-');
  const card = 1000 + Math.floor(next() * 9000);
  switch (bank) {
    case 0:
      return `${text} ${city}`;
    case 1:
      return `CHECKCARD ${month}${day} ${text} ${city} 2469216${Math.floor(next() * 1e8)}`;
    default:
      return `PURCHASE AUTHORIZED ON ${month}/${day} ${text} ${city} S46${Math.floor(next() * 1e12)} CARD ${card}`;
  }
}

/**
 * `months` months of one household: the payees it uses (most of the chains, all of its bills, a
 * handful of local shops), each visited about its usual number of times a month, and a few
 * one-off places each month.
 */
export function householdYear(seed: number, months = 12): SampleRow[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const bank = Math.floor(next() * 3);
  const home = pick(CITIES);
  const chains = CHAINS.filter(() => next() < 0.6);
  const lines = LINES.filter(() => next() < 0.75);
  const local = LOCAL.filter(() => next() < 0.6);
  const numbers = new Map<string, number>();
  const numberOf = (text: string) => {
    if (!numbers.has(text)) numbers.set(text, 100 + Math.floor(next() * 9000));
    return numbers.get(text) as number;
  };
  const rows: SampleRow[] = [];
  for (let month = 0; month < months; month += 1) {
    const year = 2025 + Math.floor(month / 12);
    const monthOfYear = (month % 12) + 1;
    const dateIn = () => `${year}-${pad(monthOfYear)}-${pad(1 + Math.floor(next() * 28))}`;
    const add = (payee: Payee, description: string, date: string) => {
      const cents = Math.max(1, Math.round(payee.amount * 100 * (0.6 + next() * 0.8)));
      rows.push({
        month,
        date,
        direction: payee.direction ?? 'SPENT',
        amountCents: cents,
        description,
        truth: payee.truth,
      });
    };
    for (const payee of [...chains, ...lines, ...local]) {
      let visits = Math.floor(payee.perMonth) + (next() < payee.perMonth % 1 ? 1 : 0);
      for (; visits > 0; visits -= 1) {
        const date = dateIn();
        // A chain's store number is the same store most of the time, another now and then.
        const number = next() < 0.8 ? numberOf(payee.text) : 100 + Math.floor(next() * 9000);
        const text = payee.text.replace(/\{n\}/g, String(number));
        const city = next() < 0.85 ? home : pick(CITIES);
        add(payee, payee.plain ? text : asPrinted(text, bank, date, city, next), date);
      }
    }
    const oneOffs = 1 + Math.floor(next() * 3);
    for (let index = 0; index < oneOffs; index += 1) {
      const kind = pick(ONE_OFF_KINDS);
      const name = `${pick(PLACE_NAMES)} ${pick(kind.words)}`;
      const date = dateIn();
      add(
        { text: name, truth: kind.truth, amount: 30, perMonth: 1 },
        asPrinted(name, bank, date, pick(CITIES), next),
        date,
      );
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
