/**
 * Sample data for Use Mock Data (clarifications.md): 10 inventory items, 10 suppliers, 10 employees
 * and 10 events with ids 4 to 13, event dates relative to the day of loading, each with its Tool Kit
 * (inventory ingredient list, specialty ingredients, menu, notes, price lines, discount and tax). Loaded with a dynamic
 * import so it is in no page's first load.
 */
import type {
  CateringEvent,
  ChosenIngredient,
  Employee,
  InventoryItem,
  SpecialtyIngredient,
  Supplier,
} from '../storage/schemas';
import { chooseIngredient } from './ingredients';
import type { MockData } from './mockDataInfo';
import { addDays } from './upcoming';

// Stryker disable all: sample records (names, addresses, menus, notes), data not behaviour; the code that builds the mock data from them is below and tested
const suppliers: Supplier[] = [
  {
    supplierID: 'SUP-001',
    supplierName: 'Harbour Fresh Produce',
    email: 'orders@harbourfresh.example',
    phone: '604-555-0101',
    contractStatus: 'active',
    startDate: '2024-01-15',
    endDate: '2026-12-31',
  },
  {
    supplierID: 'SUP-002',
    supplierName: 'Northshore Meats',
    email: 'sales@northshoremeats.example',
    phone: '604-555-0102',
    contractStatus: 'active',
    startDate: '2023-06-01',
    endDate: '2026-06-01',
  },
  {
    supplierID: 'SUP-003',
    supplierName: 'Salt Spray Seafood',
    email: 'dock@saltspray.example',
    phone: '250-555-0103',
    contractStatus: 'active',
    startDate: '2024-03-10',
    endDate: '2027-03-10',
  },
  {
    supplierID: 'SUP-004',
    supplierName: 'Valley Dairy Co-op',
    email: 'hello@valleydairy.example',
    phone: '604-555-0104',
    contractStatus: 'active',
    startDate: '2022-09-01',
    endDate: '2026-09-01',
  },
  {
    supplierID: 'SUP-005',
    supplierName: 'Pantry Dry Goods',
    email: 'orders@pantrydry.example',
    phone: '778-555-0105',
    contractStatus: 'inactive',
    startDate: '2021-02-01',
    endDate: '2024-02-01',
  },
  {
    supplierID: 'SUP-006',
    supplierName: 'Orchard Row Fruits',
    email: 'fruit@orchardrow.example',
    phone: '250-555-0106',
    contractStatus: 'active',
    startDate: '2024-05-20',
    endDate: '2026-05-20',
  },
  {
    supplierID: 'SUP-007',
    supplierName: 'Frost Line Frozen Foods',
    email: 'cold@frostline.example',
    phone: '604-555-0107',
    contractStatus: 'active',
    startDate: '2023-11-11',
    endDate: '2026-11-11',
  },
  {
    supplierID: 'SUP-008',
    supplierName: 'Cellar Door Wines',
    email: 'cellar@cellardoor.example',
    phone: '778-555-0108',
    contractStatus: 'active',
    startDate: '2024-08-01',
    endDate: '2027-08-01',
  },
  {
    supplierID: 'SUP-009',
    supplierName: 'Green Leaf Vegetables',
    email: 'greens@greenleaf.example',
    phone: '604-555-0109',
    contractStatus: 'inactive',
    startDate: '2022-04-04',
    endDate: '2025-04-04',
  },
  {
    supplierID: 'SUP-010',
    supplierName: 'Galley Canned Goods',
    email: 'tins@galleycanned.example',
    phone: '250-555-0110',
    contractStatus: 'active',
    startDate: '2024-10-01',
    endDate: '2026-10-01',
  },
];
// Stryker restore all

const item = (
  n: number,
  name: string,
  sku: string,
  category: string,
  amountPerUnit: number,
  unit: string,
  packageType: string,
  quantity: number,
  costPerUnit: number,
  whenToOrder: number,
  supplier: number,
): InventoryItem => ({
  id: String(1700000000000 + n),
  name,
  sku,
  category,
  amountPerUnit,
  unit,
  packageType,
  quantity,
  costPerUnit,
  whenToOrder,
  supplierName: suppliers[supplier]!.supplierName,
});

// Stryker disable all: sample records (names, addresses, menus, notes), data not behaviour; the code that builds the mock data from them is below and tested
const inventoryItems: InventoryItem[] = [
  item(1, 'Roma Tomatoes', 'PRD-TOM-01', 'Produce', 5, 'kg', 'box', 12, 18.5, 4, 0),
  item(2, 'Beef Tenderloin', 'MEA-BEF-02', 'Meat', 2.5, 'kg', 'each', 3, 64.0, 4, 1),
  item(3, 'Atlantic Salmon Fillet', 'SEA-SAL-03', 'Seafood', 1, 'kg', 'bag', 6, 32.75, 3, 2),
  item(4, 'Heavy Cream', 'DAI-CRM-04', 'Dairy', 1, 'liters', 'carton', 2, 6.25, 5, 3),
  item(5, 'All-Purpose Flour', 'DRY-FLR-05', 'Dry Storage', 10, 'kg', 'bag', 8, 14.0, 2, 4),
  item(6, 'Granny Smith Apples', 'FRU-APL-06', 'Fruits', 8, 'lbs', 'box', 5, 22.0, 2, 5),
  item(7, 'Frozen Puff Pastry', 'FRZ-PUF-07', 'Frozen', 500, 'grams', 'box', 4, 7.5, 4, 6),
  item(8, 'Pinot Noir', 'WIN-PIN-08', 'Wine Cellar', 750, 'milliliters', 'bottle', 24, 19.99, 6, 7),
  item(9, 'Baby Spinach', 'VEG-SPN-09', 'Vegetables', 2, 'lbs', 'container', 3, 8.4, 3, 8),
  item(10, 'San Marzano Tomatoes', 'CAN-SMT-10', 'Canned', 28, 'oz', 'can', 30, 3.25, 10, 9),
];

const employees: Employee[] = [
  {
    id: 'emp-1',
    firstName: 'Marina',
    lastName: 'Costa',
    email: 'marina.costa@example.com',
    role: 'Chef',
    phone: '604-555-0201',
    fullTimePartTime: 'fulltime',
    department: 'Kitchen',
    startDate: '2021-03-01',
  },
  {
    id: 'emp-2',
    firstName: 'Liam',
    lastName: 'Okafor',
    email: 'liam.okafor@example.com',
    role: 'Cook',
    phone: '604-555-0202',
    fullTimePartTime: 'fulltime',
    department: 'Kitchen',
    startDate: '2022-07-15',
  },
  {
    id: 'emp-3',
    firstName: 'Sofia',
    lastName: 'Nguyen',
    email: 'sofia.nguyen@example.com',
    role: 'Manager',
    phone: '778-555-0203',
    fullTimePartTime: 'fulltime',
    department: 'Operations',
    startDate: '2020-01-06',
  },
  {
    id: 'emp-4',
    firstName: 'Noah',
    lastName: 'Tremblay',
    email: 'noah.tremblay@example.com',
    role: 'Waiter',
    phone: '604-555-0204',
    fullTimePartTime: 'parttime',
    department: 'Service',
    startDate: '2023-05-20',
  },
  {
    id: 'emp-5',
    firstName: 'Ava',
    lastName: 'Singh',
    email: 'ava.singh@example.com',
    role: 'Waiter',
    phone: '250-555-0205',
    fullTimePartTime: 'parttime',
    department: 'Service',
    startDate: '2024-02-11',
  },
  {
    id: 'emp-6',
    firstName: 'Mateo',
    lastName: 'Garcia',
    email: 'mateo.garcia@example.com',
    role: 'Cook',
    phone: '604-555-0206',
    fullTimePartTime: 'parttime',
    department: 'Kitchen',
    startDate: '2023-09-03',
  },
  {
    id: 'emp-7',
    firstName: 'Chloe',
    lastName: 'Martin',
    email: 'chloe.martin@example.com',
    role: 'Pastry Chef',
    phone: '778-555-0207',
    fullTimePartTime: 'fulltime',
    department: 'Kitchen',
    startDate: '2022-11-28',
  },
  {
    id: 'emp-8',
    firstName: 'Ethan',
    lastName: 'Wong',
    email: 'ethan.wong@example.com',
    role: 'Bartender',
    phone: '604-555-0208',
    fullTimePartTime: 'parttime',
    department: 'Service',
    startDate: '2024-06-01',
  },
  {
    id: 'emp-9',
    firstName: 'Isla',
    lastName: 'MacDonald',
    email: 'isla.macdonald@example.com',
    role: 'Event Coordinator',
    phone: '250-555-0209',
    fullTimePartTime: 'fulltime',
    department: 'Operations',
    startDate: '2021-10-10',
  },
  {
    id: 'emp-10',
    firstName: 'Omar',
    lastName: 'Haddad',
    email: 'omar.haddad@example.com',
    role: 'Driver',
    phone: '604-555-0210',
    fullTimePartTime: 'parttime',
    department: 'Logistics',
    startDate: '2023-03-14',
  },
];
// Stryker restore all

type ItemNo = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

/** A Tool Kit inventory line: a fixed quantity for the event, or a quantity per guest (scaled to the guests). */
type LineSeed = [item: ItemNo, quantity: number] | [item: ItemNo, perGuest: number, per: 'guest'];

interface SpecialtyBase {
  name: string;
  units: string;
  unitQuantity: number;
  onHand: boolean;
  needToOrder: boolean;
  costPerUnit: number;
  packageType: string;
  supplierName: string;
}
/** A specialty ingredient: a quantity for the event, or per guest. */
type SpecialtySeed = SpecialtyBase & ({ quantityNeeded: number } | { perGuest: number });

interface EventSeed {
  id: number;
  offset: number;
  name: string;
  first: string;
  last: string;
  type: string;
  guests: number;
  start: string;
  end: string;
  venue: string;
  street: string;
  city: string;
  menu: string[];
  notes: string[];
  lines: LineSeed[];
  specialty: SpecialtySeed[];
  prices: Array<[name: string, price: number]>;
  discount: number;
  tax: number;
}

// Stryker disable all: sample records (names, addresses, menus, notes), data not behaviour; the code that builds the mock data from them is below and tested
const flowers = {
  name: 'Edible Flowers',
  units: 'grams',
  unitQuantity: 50,
  onHand: false,
  needToOrder: true,
  costPerUnit: 12.5,
  packageType: 'container',
  supplierName: 'Orchard Row Fruits',
};
// Stryker restore all
const staff = (guests: number): [string, number] => ['Service staff', Math.round(guests * 4.5 * 100) / 100];

/**
 * Days from today: two past, five inside the 14-day window (today and day 14 included; three of them
 * within 7 days), one more within 30 days, two later. Their Tool Kit lines make demand meaningful on
 * any day: Atlantic Salmon Fillet needs ordering within 7 days, Roma Tomatoes, Granny Smith Apples and
 * Pinot Noir within 14, All-Purpose Flour and San Marzano Tomatoes within 30 (on top of the four items already at or below
 * their re-order level). Some notes mention allergies, for the event sheet.
 */
// Stryker disable all: sample records (names, addresses, menus, notes), data not behaviour; the code that builds the mock data from them is below and tested
const seeds: EventSeed[] = [
  {
    id: 4,
    offset: -21,
    name: 'Harbour Gala Dinner',
    first: 'Eleanor',
    last: 'Price',
    type: 'Fundraiser',
    guests: 120,
    start: '18:00',
    end: '23:00',
    venue: 'Harbour Hall',
    street: '12 Quay Street',
    city: 'Vancouver',
    menu: ['Oysters on the half shell', 'Beef tenderloin with red wine jus', 'Dark chocolate torte'],
    notes: [
      'Silent auction tables need to stay clear of food.',
      'Three guests have a shellfish allergy: oysters go on a separate station.',
    ],
    lines: [
      [2, 0.04, 'guest'],
      [8, 0.5, 'guest'],
      [4, 4],
    ],
    specialty: [
      {
        name: 'Kusshi Oysters',
        units: 'each',
        unitQuantity: 50,
        quantityNeeded: 6,
        onHand: false,
        needToOrder: true,
        costPerUnit: 85,
        packageType: 'box',
        supplierName: 'Salt Spray Seafood',
      },
    ],
    prices: [['Plated dinner (per guest × 120)', 9600], staff(120), ['Wine service', 1450]],
    discount: 10,
    tax: 5,
  },
  {
    id: 5,
    offset: -4,
    name: 'Quarterly Board Lunch',
    first: 'Daniel',
    last: 'Kim',
    type: 'Meeting',
    guests: 14,
    start: '12:00',
    end: '13:30',
    venue: 'Kim & Partners Offices',
    street: '800 Burrard Street',
    city: 'Vancouver',
    menu: ['Spinach and goat cheese salad', 'Roast salmon sandwiches', 'Fruit platter'],
    notes: ['Deliver by 11:30 to the 14th floor boardroom.'],
    lines: [
      [9, 2],
      [3, 0.1, 'guest'],
      [6, 1],
    ],
    specialty: [],
    prices: [['Working lunch (per guest × 14)', 420], staff(14)],
    discount: 0,
    tax: 5,
  },
  {
    id: 6,
    offset: 0,
    name: 'Patel Engagement Brunch',
    first: 'Priya',
    last: 'Patel',
    type: 'Engagement',
    guests: 40,
    start: '10:30',
    end: '14:00',
    venue: 'Rose Garden Pavilion',
    street: '3 Park Lane',
    city: 'Burnaby',
    menu: ['Masala omelette station', 'Smoked salmon blinis', 'Apple and cardamom tarte fine', 'Mango lassi'],
    notes: [
      'Two guests have a severe peanut allergy: no nuts anywhere on the buffet.',
      'Confirm final guest count with Priya.',
    ],
    lines: [
      [3, 0.15, 'guest'],
      [7, 3],
      [6, 2],
      [4, 0.05, 'guest'],
    ],
    specialty: [
      { ...flowers, quantityNeeded: 2 },
      {
        name: 'Green Cardamom',
        units: 'grams',
        unitQuantity: 100,
        quantityNeeded: 1,
        onHand: true,
        needToOrder: false,
        costPerUnit: 9.75,
        packageType: 'bag',
        supplierName: 'Pantry Dry Goods',
      },
    ],
    prices: [['Brunch buffet (per guest × 40)', 1400], staff(40), ['Flower arrangements', 260]],
    discount: 5,
    tax: 5,
  },
  {
    id: 7,
    offset: 3,
    name: 'Tech Meetup Catering',
    first: 'Jonas',
    last: 'Berg',
    type: 'Conference',
    guests: 85,
    start: '17:30',
    end: '21:00',
    venue: 'Innovation Hub',
    street: '55 Water Street',
    city: 'Vancouver',
    menu: ['Wood-fired margherita pizza', 'Salmon poke bowls', 'Caesar salad', 'Craft soda bar'],
    notes: ['Ten vegan plates, labelled.', 'Load-in through the lane door after 16:00.'],
    lines: [
      [1, 4],
      [10, 6],
      [3, 0.15, 'guest'],
      [5, 1],
    ],
    specialty: [
      {
        name: 'Sushi Rice',
        units: 'Kg',
        unitQuantity: 10,
        perGuest: 0.02,
        onHand: false,
        needToOrder: true,
        costPerUnit: 32,
        packageType: 'bag',
        supplierName: 'Pantry Dry Goods',
      },
    ],
    prices: [['Pizza and poke dinner (per guest × 85)', 2125], staff(85)],
    discount: 0,
    tax: 12,
  },
  {
    id: 8,
    offset: 6,
    name: "Oliver's 40th Birthday",
    first: 'Oliver',
    last: 'Reed',
    type: 'Birthday',
    guests: 30,
    start: '19:00',
    end: '01:00',
    venue: 'Reed Residence',
    street: '221 Cedar Avenue',
    city: 'North Vancouver',
    menu: ['Beef sliders', 'Tomato and burrata bruschetta', 'Gluten-free chocolate birthday cake'],
    notes: [
      'Oliver is coeliac: the birthday cake must be gluten-free.',
      'Surprise party: do not call the home number.',
    ],
    lines: [
      [2, 0.05, 'guest'],
      [1, 3],
      [8, 0.5, 'guest'],
    ],
    specialty: [
      {
        name: 'Burrata',
        units: 'grams',
        unitQuantity: 250,
        quantityNeeded: 8,
        onHand: false,
        needToOrder: true,
        costPerUnit: 7.5,
        packageType: 'each',
        supplierName: 'Valley Dairy Co-op',
      },
    ],
    prices: [['Cocktail menu (per guest × 30)', 1050], staff(30), ['Birthday cake', 145]],
    discount: 0,
    tax: 12,
  },
  {
    id: 9,
    offset: 10,
    name: 'Baby Shower for Mia',
    first: 'Hannah',
    last: 'Lopez',
    type: 'Baby Shower',
    guests: 25,
    start: '14:00',
    end: '17:00',
    venue: 'Lopez Family Home',
    street: '9 Maple Crescent',
    city: 'Richmond',
    menu: ['Tea sandwiches', 'Apple and puff pastry turnovers', 'Lemon scones with cream', 'Pink lemonade'],
    notes: ['Hannah is vegetarian and Mia’s grandmother is lactose intolerant: mark dairy on the cards.'],
    lines: [
      [5, 2],
      [6, 2],
      [7, 0.1, 'guest'],
      [4, 2],
    ],
    specialty: [{ ...flowers, quantityNeeded: 1 }],
    prices: [['Afternoon tea (per guest × 25)', 625], staff(25)],
    discount: 0,
    tax: 5,
  },
  {
    id: 10,
    offset: 14,
    name: 'Retirement Party for Frank',
    first: 'Grace',
    last: 'Hughes',
    type: 'Retirement',
    guests: 60,
    start: '16:00',
    end: '20:00',
    venue: 'Seaside Community Centre',
    street: '400 Beach Road',
    city: 'West Vancouver',
    menu: ['Roma tomato gazpacho shooters', 'Carved beef tenderloin', 'Seasonal greens', 'Retirement sheet cake'],
    notes: ['Speeches at 18:00: hold the main course until they end.'],
    lines: [
      [1, 0.05, 'guest'],
      [2, 0.03, 'guest'],
      [8, 0.4, 'guest'],
      [9, 2],
    ],
    specialty: [],
    prices: [['Buffet dinner (per guest × 60)', 2700], staff(60), ['Hall rental', 400]],
    discount: 8,
    tax: 5,
  },
  {
    id: 11,
    offset: 21,
    name: 'Summer Work Party',
    first: 'Ravi',
    last: 'Shah',
    type: 'Work Party',
    guests: 150,
    start: '15:00',
    end: '22:00',
    venue: 'Lighthouse Park',
    street: '1 Lighthouse Way',
    city: 'West Vancouver',
    menu: ['Grilled vegetable skewers', 'Pasta pomodoro', 'Apple crumble bars', 'Iced tea'],
    notes: ['Shellfish allergy at the HR table (table 3).', 'Park permit number is on the van dashboard.'],
    lines: [
      [10, 0.1, 'guest'],
      [5, 0.03, 'guest'],
      [6, 2],
    ],
    specialty: [
      {
        name: 'Lemons',
        units: 'each',
        unitQuantity: 20,
        quantityNeeded: 4,
        onHand: false,
        needToOrder: true,
        costPerUnit: 11,
        packageType: 'bag',
        supplierName: 'Harbour Fresh Produce',
      },
    ],
    prices: [['Picnic menu (per guest × 150)', 4500], staff(150), ['Tent and tables', 900]],
    discount: 12,
    tax: 5,
  },
  {
    id: 12,
    offset: 38,
    name: 'Anderson Family Reunion',
    first: 'Karen',
    last: 'Anderson',
    type: 'Family Gathering',
    guests: 70,
    start: '11:00',
    end: '18:00',
    venue: 'Anderson Farm',
    street: '77 Country Road',
    city: 'Langley',
    menu: ['Pulled beef sandwiches', 'Potato salad', 'Apple pie'],
    notes: ['Kids’ table for 15: smaller portions.'],
    lines: [
      [2, 0.03, 'guest'],
      [6, 3],
      [5, 1],
    ],
    specialty: [],
    prices: [['Family-style lunch (per guest × 70)', 1890], staff(70)],
    discount: 0,
    tax: 5,
  },
  {
    id: 13,
    offset: 75,
    name: 'Costa–Lee Wedding',
    first: 'Julia',
    last: 'Lee',
    type: 'Wedding',
    guests: 180,
    start: '15:30',
    end: '23:59',
    venue: 'Grand Ballroom',
    street: '1000 Georgia Street',
    city: 'Vancouver',
    menu: [
      'Canapés: salmon rillettes, tomato tartlets',
      'Beef tenderloin or herb-crusted salmon',
      'Three-tier wedding cake',
    ],
    notes: [
      'The groom is allergic to tree nuts: no almond in the cake.',
      'First dance at 20:30; clear the floor by 20:15.',
    ],
    lines: [
      [2, 0.04, 'guest'],
      [3, 0.1, 'guest'],
      [8, 0.5, 'guest'],
      [4, 6],
    ],
    specialty: [{ ...flowers, quantityNeeded: 4 }],
    prices: [['Wedding dinner (per guest × 180)', 19800], staff(180), ['Wedding cake', 950]],
    discount: 0,
    tax: 5,
  },
];
// Stryker restore all

/** perGuest x guests rounded up to 2 decimals, as the Tool Kit's scaling does (scaling.ts). */
function scaled(perGuest: number, guests: number): number {
  return Math.ceil(Number((perGuest * guests * 100).toPrecision(12))) / 100;
}

function ingredientLines(seed: EventSeed): ChosenIngredient[] {
  return seed.lines.map(([n, amount, per], index) => {
    const line = {
      ...chooseIngredient(inventoryItems[n - 1]!, per === 'guest' ? scaled(amount, seed.guests) : amount),
      lineId: `L-mock-${seed.id}-${index + 1}`,
    };
    return per === 'guest' ? { ...line, per: 'guest', perGuest: amount } : line;
  });
}

function specialtyLines(seed: EventSeed): SpecialtyIngredient[] {
  return seed.specialty.map((s, index) => {
    const id = `spec-${seed.id}-${index + 1}`;
    if ('perGuest' in s) {
      const { perGuest, ...rest } = s;
      return { ...rest, id, quantityNeeded: scaled(perGuest, seed.guests), per: 'guest', perGuest };
    }
    return { ...s, id };
  });
}

function event(seed: EventSeed, today: string): CateringEvent {
  return {
    id: seed.id,
    EventName: seed.name,
    CustomerFirstName: seed.first,
    CustomerLastName: seed.last,
    CustomerPhoneNumber: 6045550300 + seed.id,
    CustomerEmail: `${seed.first.toLowerCase()}.${seed.last.toLowerCase()}@example.com`,
    EventType: seed.type,
    NumberOfGuests: seed.guests,
    EventDate: addDays(today, seed.offset),
    StartTime: seed.start,
    EndTime: seed.end,
    VenueName: seed.venue,
    VenueStreetAddress: seed.street,
    VenueCity: seed.city,
    ingredients: specialtyLines(seed),
    menuItems: [...seed.menu],
    notes: seed.notes.map((notes, index) => ({ id: `note-${seed.id}-${index + 1}`, notes })),
    pricing: seed.prices.map(([name, price], index) => ({
      id: `price-${seed.id}-${index + 1}`,
      name,
      price,
      currency: 'CAD',
    })),
  };
}

/** A fresh copy of the mock data, with event dates counted from `today` (YYYY-MM-DD). */
export function buildMockData(today: string): MockData {
  return {
    inventoryItems: inventoryItems.map((i) => ({ ...i })),
    suppliers: suppliers.map((s) => ({ ...s })),
    employees: employees.map((e) => ({ ...e })),
    events: seeds.map((s) => event(s, today)),
    perEvent: seeds.map((s) => ({
      eventId: s.id,
      ingredientList: ingredientLines(s),
      discountPercentage: s.discount,
      taxPercentage: s.tax,
    })),
  };
}
