/**
 * Sample data for Use Mock Data (clarifications.md): 10 inventory items, 10 suppliers, 10 employees
 * and 10 events with ids 4 to 13, event dates relative to the day of loading. Loaded with a dynamic
 * import so it is in no page's first load.
 */
import type { CateringEvent, Employee, InventoryItem, Supplier } from '../storage/schemas';
import type { MockCollections } from './mockDataInfo';
import { addDays } from './upcoming';

const suppliers: Supplier[] = [
  { supplierID: 'SUP-001', supplierName: 'Harbour Fresh Produce', email: 'orders@harbourfresh.example', phone: '604-555-0101', contractStatus: 'active', startDate: '2024-01-15', endDate: '2026-12-31' },
  { supplierID: 'SUP-002', supplierName: 'Northshore Meats', email: 'sales@northshoremeats.example', phone: '604-555-0102', contractStatus: 'active', startDate: '2023-06-01', endDate: '2026-06-01' },
  { supplierID: 'SUP-003', supplierName: 'Salt Spray Seafood', email: 'dock@saltspray.example', phone: '250-555-0103', contractStatus: 'active', startDate: '2024-03-10', endDate: '2027-03-10' },
  { supplierID: 'SUP-004', supplierName: 'Valley Dairy Co-op', email: 'hello@valleydairy.example', phone: '604-555-0104', contractStatus: 'active', startDate: '2022-09-01', endDate: '2026-09-01' },
  { supplierID: 'SUP-005', supplierName: 'Pantry Dry Goods', email: 'orders@pantrydry.example', phone: '778-555-0105', contractStatus: 'inactive', startDate: '2021-02-01', endDate: '2024-02-01' },
  { supplierID: 'SUP-006', supplierName: 'Orchard Row Fruits', email: 'fruit@orchardrow.example', phone: '250-555-0106', contractStatus: 'active', startDate: '2024-05-20', endDate: '2026-05-20' },
  { supplierID: 'SUP-007', supplierName: 'Frost Line Frozen Foods', email: 'cold@frostline.example', phone: '604-555-0107', contractStatus: 'active', startDate: '2023-11-11', endDate: '2026-11-11' },
  { supplierID: 'SUP-008', supplierName: 'Cellar Door Wines', email: 'cellar@cellardoor.example', phone: '778-555-0108', contractStatus: 'active', startDate: '2024-08-01', endDate: '2027-08-01' },
  { supplierID: 'SUP-009', supplierName: 'Green Leaf Vegetables', email: 'greens@greenleaf.example', phone: '604-555-0109', contractStatus: 'inactive', startDate: '2022-04-04', endDate: '2025-04-04' },
  { supplierID: 'SUP-010', supplierName: 'Galley Canned Goods', email: 'tins@galleycanned.example', phone: '250-555-0110', contractStatus: 'active', startDate: '2024-10-01', endDate: '2026-10-01' },
];

const item = (n: number, name: string, sku: string, category: string, amountPerUnit: number, unit: string, packageType: string, quantity: number, costPerUnit: number, whenToOrder: number, supplier: number): InventoryItem => ({
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
  { id: 'emp-1', firstName: 'Marina', lastName: 'Costa', email: 'marina.costa@example.com', role: 'Chef', phone: '604-555-0201', fullTimePartTime: 'fulltime', department: 'Kitchen', startDate: '2021-03-01' },
  { id: 'emp-2', firstName: 'Liam', lastName: 'Okafor', email: 'liam.okafor@example.com', role: 'Cook', phone: '604-555-0202', fullTimePartTime: 'fulltime', department: 'Kitchen', startDate: '2022-07-15' },
  { id: 'emp-3', firstName: 'Sofia', lastName: 'Nguyen', email: 'sofia.nguyen@example.com', role: 'Manager', phone: '778-555-0203', fullTimePartTime: 'fulltime', department: 'Operations', startDate: '2020-01-06' },
  { id: 'emp-4', firstName: 'Noah', lastName: 'Tremblay', email: 'noah.tremblay@example.com', role: 'Waiter', phone: '604-555-0204', fullTimePartTime: 'parttime', department: 'Service', startDate: '2023-05-20' },
  { id: 'emp-5', firstName: 'Ava', lastName: 'Singh', email: 'ava.singh@example.com', role: 'Waiter', phone: '250-555-0205', fullTimePartTime: 'parttime', department: 'Service', startDate: '2024-02-11' },
  { id: 'emp-6', firstName: 'Mateo', lastName: 'Garcia', email: 'mateo.garcia@example.com', role: 'Cook', phone: '604-555-0206', fullTimePartTime: 'parttime', department: 'Kitchen', startDate: '2023-09-03' },
  { id: 'emp-7', firstName: 'Chloe', lastName: 'Martin', email: 'chloe.martin@example.com', role: 'Pastry Chef', phone: '778-555-0207', fullTimePartTime: 'fulltime', department: 'Kitchen', startDate: '2022-11-28' },
  { id: 'emp-8', firstName: 'Ethan', lastName: 'Wong', email: 'ethan.wong@example.com', role: 'Bartender', phone: '604-555-0208', fullTimePartTime: 'parttime', department: 'Service', startDate: '2024-06-01' },
  { id: 'emp-9', firstName: 'Isla', lastName: 'MacDonald', email: 'isla.macdonald@example.com', role: 'Event Coordinator', phone: '250-555-0209', fullTimePartTime: 'fulltime', department: 'Operations', startDate: '2021-10-10' },
  { id: 'emp-10', firstName: 'Omar', lastName: 'Haddad', email: 'omar.haddad@example.com', role: 'Driver', phone: '604-555-0210', fullTimePartTime: 'parttime', department: 'Logistics', startDate: '2023-03-14' },
];

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
}

/** Days from today: two past, five inside the 14-day window (today and day 14 included), three later. */
const seeds: EventSeed[] = [
  { id: 4, offset: -21, name: 'Harbour Gala Dinner', first: 'Eleanor', last: 'Price', type: 'Fundraiser', guests: 120, start: '18:00', end: '23:00', venue: 'Harbour Hall', street: '12 Quay Street', city: 'Vancouver' },
  { id: 5, offset: -4, name: 'Quarterly Board Lunch', first: 'Daniel', last: 'Kim', type: 'Meeting', guests: 14, start: '12:00', end: '13:30', venue: 'Kim & Partners Offices', street: '800 Burrard Street', city: 'Vancouver' },
  { id: 6, offset: 0, name: 'Patel Engagement Brunch', first: 'Priya', last: 'Patel', type: 'Engagement', guests: 40, start: '10:30', end: '14:00', venue: 'Rose Garden Pavilion', street: '3 Park Lane', city: 'Burnaby' },
  { id: 7, offset: 3, name: 'Tech Meetup Catering', first: 'Jonas', last: 'Berg', type: 'Conference', guests: 85, start: '17:30', end: '21:00', venue: 'Innovation Hub', street: '55 Water Street', city: 'Vancouver' },
  { id: 8, offset: 6, name: "Oliver's 40th Birthday", first: 'Oliver', last: 'Reed', type: 'Birthday', guests: 30, start: '19:00', end: '23:30', venue: 'Reed Residence', street: '221 Cedar Avenue', city: 'North Vancouver' },
  { id: 9, offset: 10, name: 'Baby Shower for Mia', first: 'Hannah', last: 'Lopez', type: 'Baby Shower', guests: 25, start: '14:00', end: '17:00', venue: 'Lopez Family Home', street: '9 Maple Crescent', city: 'Richmond' },
  { id: 10, offset: 14, name: 'Retirement Party for Frank', first: 'Grace', last: 'Hughes', type: 'Retirement', guests: 60, start: '16:00', end: '20:00', venue: 'Seaside Community Centre', street: '400 Beach Road', city: 'West Vancouver' },
  { id: 11, offset: 21, name: 'Summer Work Party', first: 'Ravi', last: 'Shah', type: 'Work Party', guests: 150, start: '15:00', end: '22:00', venue: 'Lighthouse Park', street: '1 Lighthouse Way', city: 'West Vancouver' },
  { id: 12, offset: 38, name: 'Anderson Family Reunion', first: 'Karen', last: 'Anderson', type: 'Family Gathering', guests: 70, start: '11:00', end: '18:00', venue: 'Anderson Farm', street: '77 Country Road', city: 'Langley' },
  { id: 13, offset: 75, name: 'Costa–Lee Wedding', first: 'Julia', last: 'Lee', type: 'Wedding', guests: 180, start: '15:30', end: '23:59', venue: 'Grand Ballroom', street: '1000 Georgia Street', city: 'Vancouver' },
];

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
    ingredients: [
      { id: `spec-${seed.id}-1`, name: 'Edible Flowers', units: 'grams', unitQuantity: 50, quantityNeeded: 2, onHand: false, needToOrder: true, costPerUnit: 12.5, packageType: 'container', supplierName: 'Orchard Row Fruits' },
    ],
    menuItems: ['Seasonal canapés', 'Herb-crusted salmon', 'Lemon tart'],
    notes: [{ notes: `Confirm final guest count with ${seed.first}.` }],
    pricing: [{ id: `price-${seed.id}-1`, name: 'Service staff', price: Math.round(seed.guests * 4.5 * 100) / 100, currency: 'CAD' }],
  };
}

/** A fresh copy of the mock data, with event dates counted from `today` (YYYY-MM-DD). */
export function buildMockData(today: string): MockCollections {
  return {
    inventoryItems: inventoryItems.map((i) => ({ ...i })),
    suppliers: suppliers.map((s) => ({ ...s })),
    employees: employees.map((e) => ({ ...e })),
    events: seeds.map((s) => event(s, today)),
  };
}
