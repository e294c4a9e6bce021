import type { Role } from '#contract/enums';

/*
 * What the demo seed writes (DECISIONS §8), as data: the roles, the demo accounts and
 * stores, the catalog, and the names and streets the orders' customers are drawn from.
 * seed.ts turns it into rows.
 */

/** The demo accounts the README lists (DECISIONS §8). */
export const DEMO_ACCOUNTS: Record<Role, { mobile: string; password: string }> = {
  BlueTikAdmin: { mobile: '9000000001', password: 'Admin@123' },
  WebAdmin: { mobile: '9000000002', password: 'Store@123' },
  WebUser: { mobile: '9000000003', password: 'Staff@123' },
  MobileUser: { mobile: '9000000004', password: 'Mobile@123' },
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  BlueTikAdmin: 'Platform administrator (all stores)',
  WebAdmin: 'Store administrator',
  WebUser: 'Store staff on the web',
  MobileUser: 'Store staff on the mobile app',
};

/** Password of the extra demo stores. */
export const EXTRA_STORE_PASSWORD = 'Store@123';

export interface StoreSpec {
  role: Role;
  mobile: string;
  name: string;
  email: string;
  business: string;
  type: string;
  city: string;
  state: 'Telangana' | 'Andhra Pradesh';
  pincode: string;
  addCategoryItems?: boolean;
  onlinePayment?: boolean;
}

export const STORES: StoreSpec[] = [
  {
    role: 'BlueTikAdmin',
    mobile: '9000000001',
    name: 'Platform Admin',
    email: 'admin@bluetik.example',
    business: 'BlueTik Platform',
    type: 'Online Marketplace',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500081',
    onlinePayment: true,
  },
  {
    role: 'WebAdmin',
    mobile: '9000000002',
    name: 'Ravi Kumar',
    email: 'ravi@freshmart.example',
    business: 'Fresh Mart Kondapur',
    type: 'Supermarket',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500084',
    addCategoryItems: true,
    onlinePayment: true,
  },
  {
    role: 'WebUser',
    mobile: '9000000003',
    name: 'Sita Devi',
    email: 'sita@dailyneeds.example',
    business: 'Daily Needs Store',
    type: 'Grocery Store',
    city: 'Warangal',
    state: 'Telangana',
    pincode: '506002',
  },
  {
    role: 'MobileUser',
    mobile: '9000000004',
    name: 'Arjun Rao',
    email: 'arjun@quickbasket.example',
    business: 'Quick Basket',
    type: 'Convenience Store',
    city: 'Vijayawada',
    state: 'Andhra Pradesh',
    pincode: '520010',
    onlinePayment: true,
  },
  {
    role: 'WebAdmin',
    mobile: '9000000005',
    name: 'Lakshmi Narayana',
    email: 'lakshmi@greengrocer.example',
    business: 'Green Grocer',
    type: 'Fruits and Vegetables',
    city: 'Visakhapatnam',
    state: 'Andhra Pradesh',
    pincode: '530003',
    onlinePayment: true,
  },
  {
    role: 'WebAdmin',
    mobile: '9000000006',
    name: 'Imran Khan',
    email: 'imran@cityfresh.example',
    business: 'City Fresh Foods',
    type: 'Supermarket',
    city: 'Secunderabad',
    state: 'Telangana',
    pincode: '500003',
  },
  {
    role: 'WebAdmin',
    mobile: '9000000007',
    name: 'Priya Reddy',
    email: 'priya@homebasket.example',
    business: 'Home Basket',
    type: 'Grocery Store',
    city: 'Guntur',
    state: 'Andhra Pradesh',
    pincode: '522002',
    onlinePayment: true,
  },
  {
    role: 'WebAdmin',
    mobile: '9000000008',
    name: 'Venkat Rao',
    email: 'venkat@dailydairy.example',
    business: 'Daily Dairy Point',
    type: 'Dairy Products',
    city: 'Karimnagar',
    state: 'Telangana',
    pincode: '505001',
  },
];

export const CATALOG: { name: string; sub: string; products: [string, string][] }[] = [
  {
    name: 'Fruits',
    sub: 'Fresh Fruits',
    products: [
      ['Banana', '1 dozen'],
      ['Apple Shimla', '1 kg'],
      ['Mango Banganapalli', '1 kg'],
      ['Orange Nagpur', '1 kg'],
      ['Grapes Green', '500 g'],
    ],
  },
  {
    name: 'Vegetables',
    sub: 'Fresh Vegetables',
    products: [
      ['Tomato', '1 kg'],
      ['Onion', '1 kg'],
      ['Potato', '1 kg'],
      ['Carrot', '500 g'],
      ['Green Chilli', '250 g'],
    ],
  },
  {
    name: 'Dairy and Eggs',
    sub: 'Milk Products',
    products: [
      ['Toned Milk', '1 litre'],
      ['Curd', '500 g'],
      ['Paneer', '200 g'],
      ['Butter', '100 g'],
      ['Farm Eggs', '12 pieces'],
    ],
  },
  {
    name: 'Bakery',
    sub: 'Breads and Buns',
    products: [
      ['Whole Wheat Bread', '400 g'],
      ['Milk Bread', '350 g'],
      ['Burger Buns', '4 pieces'],
      ['Rusk', '300 g'],
      ['Fruit Cake', '250 g'],
    ],
  },
  {
    name: 'Beverages',
    sub: 'Tea and Coffee',
    products: [
      ['Green Tea', '25 bags'],
      ['Filter Coffee', '200 g'],
      ['Mango Drink', '1 litre'],
      ['Soda Water', '750 ml'],
      ['Tender Coconut Water', '1 litre'],
    ],
  },
  {
    name: 'Snacks',
    sub: 'Chips and Namkeen',
    products: [
      ['Potato Chips', '90 g'],
      ['Mixture Namkeen', '400 g'],
      ['Salted Peanuts', '200 g'],
      ['Murukku', '250 g'],
      ['Cream Biscuits', '150 g'],
    ],
  },
  {
    name: 'Staples',
    sub: 'Rice and Pulses',
    products: [
      ['Sona Masoori Rice', '5 kg'],
      ['Toor Dal', '1 kg'],
      ['Wheat Atta', '5 kg'],
      ['Sunflower Oil', '1 litre'],
      ['Sugar', '1 kg'],
    ],
  },
  {
    name: 'Personal Care',
    sub: 'Bath and Body',
    products: [
      ['Neem Soap', '4 x 100 g'],
      ['Herbal Shampoo', '340 ml'],
      ['Toothpaste', '150 g'],
      ['Coconut Hair Oil', '500 ml'],
      ['Face Wash', '100 ml'],
    ],
  },
  {
    name: 'Household',
    sub: 'Cleaning Supplies',
    products: [
      ['Dishwash Liquid', '750 ml'],
      ['Floor Cleaner', '1 litre'],
      ['Detergent Powder', '1 kg'],
      ['Garbage Bags', '30 pieces'],
      ['Scrub Pads', '3 pieces'],
    ],
  },
  {
    name: 'Frozen Foods',
    sub: 'Ready to Cook',
    products: [
      ['Green Peas', '500 g'],
      ['Veg Nuggets', '400 g'],
      ['Sweet Corn', '500 g'],
      ['Aloo Tikki', '400 g'],
      ['Ice Cream Vanilla', '700 ml'],
    ],
  },
];
export const BRANDS = ['FarmFresh', 'GreenLeaf', 'Organic Valley', 'Daily Harvest'];

export const FIRST = [
  'Anil',
  'Bhavana',
  'Chandra',
  'Deepika',
  'Eshwar',
  'Farida',
  'Gopal',
  'Hema',
  'Kiran',
  'Madhavi',
  'Naveen',
  'Padma',
  'Rahul',
  'Swathi',
  'Teja',
  'Usha',
];
export const LAST = ['Reddy', 'Sharma', 'Naidu', 'Rao', 'Varma', 'Khan', 'Iyer', 'Goud', 'Patel', 'Chowdary'];
export const STREETS = [
  'MG Road',
  'Jubilee Hills Road 36',
  'Banjara Hills Road 12',
  'Gachibowli Main Road',
  'Ameerpet X Roads',
  'Beach Road',
  'Benz Circle',
  'Station Road',
];
