/**
 * Static content of the seeded marketplace: lookups, places, FAQ, coupons and
 * the shares of each state. Both scales draw from these lists so a demo and a
 * large database look like the same product.
 */

export const SERVICE_TYPES = ['Standard', 'Premium', 'XL', 'Eco'] as const;
type ServiceType = (typeof SERVICE_TYPES)[number];

export const VEHICLE_TYPES = [
  { title: 'Sedan', seats: 4 },
  { title: 'SUV', seats: 6 },
  { title: 'Hatchback', seats: 4 },
  { title: 'Van', seats: 7 },
  { title: 'Luxury', seats: 4 },
  { title: 'Minivan', seats: 6 },
] as const;
type VehicleType = (typeof VEHICLE_TYPES)[number]['title'];

type ModelSpec = { name: string; type: VehicleType; service: ServiceType };

/** Real models with the body type and service class they are sold under. */
export const BRANDS: { name: string; models: ModelSpec[] }[] = [
  {
    name: 'Toyota',
    models: [
      { name: 'Camry', type: 'Sedan', service: 'Standard' },
      { name: 'Corolla', type: 'Sedan', service: 'Standard' },
      { name: 'Prius', type: 'Hatchback', service: 'Eco' },
      { name: 'RAV4', type: 'SUV', service: 'XL' },
      { name: 'Sienna', type: 'Minivan', service: 'XL' },
    ],
  },
  {
    name: 'Honda',
    models: [
      { name: 'Accord', type: 'Sedan', service: 'Standard' },
      { name: 'Civic', type: 'Sedan', service: 'Standard' },
      { name: 'CR-V', type: 'SUV', service: 'XL' },
      { name: 'Odyssey', type: 'Minivan', service: 'XL' },
    ],
  },
  {
    name: 'Ford',
    models: [
      { name: 'Fusion Hybrid', type: 'Sedan', service: 'Eco' },
      { name: 'Explorer', type: 'SUV', service: 'XL' },
      { name: 'Transit Connect', type: 'Van', service: 'XL' },
    ],
  },
  {
    name: 'Chevrolet',
    models: [
      { name: 'Malibu', type: 'Sedan', service: 'Standard' },
      { name: 'Bolt EV', type: 'Hatchback', service: 'Eco' },
      { name: 'Suburban', type: 'SUV', service: 'XL' },
      { name: 'Express', type: 'Van', service: 'XL' },
    ],
  },
  {
    name: 'Nissan',
    models: [
      { name: 'Altima', type: 'Sedan', service: 'Standard' },
      { name: 'Sentra', type: 'Sedan', service: 'Standard' },
      { name: 'Leaf', type: 'Hatchback', service: 'Eco' },
      { name: 'NV200', type: 'Van', service: 'XL' },
    ],
  },
  {
    name: 'Hyundai',
    models: [
      { name: 'Sonata', type: 'Sedan', service: 'Standard' },
      { name: 'Elantra', type: 'Sedan', service: 'Standard' },
      { name: 'Ioniq 5', type: 'Hatchback', service: 'Eco' },
      { name: 'Palisade', type: 'SUV', service: 'XL' },
    ],
  },
  {
    name: 'Kia',
    models: [
      { name: 'K5', type: 'Sedan', service: 'Standard' },
      { name: 'Niro', type: 'Hatchback', service: 'Eco' },
      { name: 'Sorento', type: 'SUV', service: 'XL' },
      { name: 'Carnival', type: 'Minivan', service: 'XL' },
    ],
  },
  {
    name: 'Tesla',
    models: [
      { name: 'Model 3', type: 'Sedan', service: 'Eco' },
      { name: 'Model Y', type: 'SUV', service: 'Eco' },
      { name: 'Model S', type: 'Luxury', service: 'Premium' },
    ],
  },
  {
    name: 'Mercedes-Benz',
    models: [
      { name: 'E-Class', type: 'Luxury', service: 'Premium' },
      { name: 'S-Class', type: 'Luxury', service: 'Premium' },
      { name: 'GLE', type: 'SUV', service: 'Premium' },
      { name: 'Sprinter', type: 'Van', service: 'XL' },
    ],
  },
  {
    name: 'BMW',
    models: [
      { name: '5 Series', type: 'Luxury', service: 'Premium' },
      { name: '7 Series', type: 'Luxury', service: 'Premium' },
      { name: 'X5', type: 'SUV', service: 'Premium' },
    ],
  },
  {
    name: 'Lexus',
    models: [
      { name: 'ES 300h', type: 'Luxury', service: 'Premium' },
      { name: 'RX 350', type: 'SUV', service: 'Premium' },
      { name: 'LS 500', type: 'Luxury', service: 'Premium' },
    ],
  },
];

/** Fleet colours with how common they are; hex is what the photos are painted with. */
export const COLORS = [
  { name: 'Black', hex: '#23262b', weight: 5 },
  { name: 'White', hex: '#f2f2f0', weight: 5 },
  { name: 'Silver', hex: '#bfc3c7', weight: 4 },
  { name: 'Grey', hex: '#6c7177', weight: 4 },
  { name: 'Blue', hex: '#2f5fa7', weight: 2 },
  { name: 'Red', hex: '#b3262d', weight: 1 },
  { name: 'Green', hex: '#2e6b3f', weight: 1 },
  { name: 'Beige', hex: '#d6c7a6', weight: 1 },
] as const;

/** Cities the marketplace operates in; ZIP codes start with the prefix. */
export const CITIES = [
  { name: 'New York', state: 'NY', zip: '100' },
  { name: 'Chicago', state: 'IL', zip: '606' },
  { name: 'Los Angeles', state: 'CA', zip: '900' },
  { name: 'Houston', state: 'TX', zip: '770' },
  { name: 'Phoenix', state: 'AZ', zip: '850' },
  { name: 'Philadelphia', state: 'PA', zip: '191' },
  { name: 'San Diego', state: 'CA', zip: '921' },
  { name: 'Dallas', state: 'TX', zip: '752' },
  { name: 'Seattle', state: 'WA', zip: '981' },
  { name: 'Boston', state: 'MA', zip: '021' },
  { name: 'Miami', state: 'FL', zip: '331' },
  { name: 'Denver', state: 'CO', zip: '802' },
] as const;

/** First words of company names besides surnames; none is a slug of another. */
export const COMPANY_WORDS = [
  'Yellow',
  'Checker',
  'Metro',
  'City',
  'Express',
  'Liberty',
  'Star',
  'Eagle',
  'Sunrise',
  'Harbor',
  'Summit',
  'Union',
  'Pioneer',
  'Beacon',
  'Capitol',
  'Crown',
  'Golden Gate',
  'Lakeside',
  'Midtown',
  'Northside',
] as const;

export const COMPANY_SUFFIXES = [
  'Cabs',
  'Taxi',
  'Car Service',
  'Transport',
  'Limousine',
  'Rides',
  'Cab Co',
  'Chauffeurs',
  'Shuttle',
  'Mobility',
] as const;

export const COMPANY_MAILBOXES = ['dispatch', 'info', 'office', 'fleet', 'contact'] as const;
export const MAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'hotmail.com',
  'aol.com',
] as const;

/** A company's papers, in the order of `company_doc` (the contract's documents.ts). */
export const COMPANY_DOCUMENTS = ['Business licence', 'Certificate of incorporation'] as const;

/**
 * When the documents of Approved records stop being valid, in days from the
 * seed's day: a few have expired, some are close to it (the daily check's
 * 30, 7 and 1 days), most are far off.
 */
export const EXPIRY_SHARES: readonly { value: readonly [number, number]; weight: number }[] = [
  { value: [-60, 0], weight: 3 },
  { value: [1, 1], weight: 1 },
  { value: [2, 7], weight: 3 },
  { value: [8, 30], weight: 6 },
  { value: [31, 1000], weight: 87 },
];

export const CANCEL_REASONS = [
  'Driver is taking too long',
  'Changed my plans',
  'Booked by mistake',
  'Found another ride',
  'Driver asked to cancel',
  'Passenger did not show up',
  'Wrong pickup location',
] as const;

export const PAYMENT_METHODS = [
  { value: 'Card', weight: 45 },
  { value: 'Cash', weight: 25 },
  { value: 'Wallet', weight: 15 },
  { value: 'Apple Pay', weight: 15 },
] as const;

/** Shares asked of every user, company, driver and vehicle. */
export const APPROVAL_SHARES = [
  { value: 'Approved', weight: 77 },
  { value: 'Pending', weight: 15 },
  { value: 'Rejected', weight: 8 },
] as const;
export const ACTIVE_SHARE = 0.85;

/** Finished rides; the live ones (last two hours) are Pending, Accept, Start or End. */
export const FINISHED_RIDE_SHARES = [
  { value: 'Complete', weight: 88 },
  { value: 'Cancel', weight: 12 },
] as const;
export const LIVE_RIDE_SHARES = [
  { value: 'Pending', weight: 30 },
  { value: 'Accept', weight: 25 },
  { value: 'Start', weight: 30 },
  { value: 'End', weight: 15 },
] as const;
/** Half of the cancellations happen before any driver accepted. */
export const CANCEL_WITHOUT_DRIVER_SHARE = 0.5;

export type GenderShares = readonly { value: 'Male' | 'Female' | 'Other'; weight: number }[];
export const DRIVER_GENDER_SHARES: GenderShares = [
  { value: 'Male', weight: 80 },
  { value: 'Female', weight: 18 },
  { value: 'Other', weight: 2 },
];
export const PASSENGER_GENDER_SHARES: GenderShares = [
  { value: 'Male', weight: 48 },
  { value: 'Female', weight: 48 },
  { value: 'Other', weight: 4 },
];

/** Fares are skewed to short trips: 5.00 + 145.00 * u^FARE_SKEW dollars. */
export const FARE_MIN_CENTS = 500;
export const FARE_RANGE_CENTS = 14_500;
export const FARE_SKEW = 3;
/** The generated scales' completed trips with a coupon (issue 48: the platform bears it): one in
 * eight, of 1.00 to 10.00, never more than the fare. */
export const COUPON_SHARE = 0.125;
export const COUPON_MIN_CENTS = 100;
export const COUPON_RANGE_CENTS = 901;

export const FAQ = [
  {
    question: 'How do I book a ride?',
    answer:
      'Open the app, enter your pickup and drop-off addresses, choose a service type (Standard, Premium, XL or Eco) and tap Book Ride. The fare estimate is shown before you confirm.',
  },
  {
    question: 'How is my fare calculated?',
    answer:
      'Fares combine a base fare, a rate per mile and a rate per minute for the service type you chose, plus tolls and airport fees. Your receipt lists every part of the final fare.',
  },
  {
    question: 'Can I cancel a ride?',
    answer:
      'Yes. Cancelling is free within 2 minutes of booking or when your driver is more than 5 minutes late. After that a small cancellation fee may apply.',
  },
  {
    question: 'Which payment methods can I use?',
    answer:
      'You can pay by card, in cash, from your in-app wallet or with Apple Pay. Choose the method on the payment screen before you confirm the ride.',
  },
  {
    question: 'I left something in the car. What should I do?',
    answer:
      'Open your trip history, select the trip and tap Report a lost item. We will put you in touch with the driver; if you cannot reach them, contact support.',
  },
  {
    question: 'How do I apply a coupon code?',
    answer:
      'Enter the code on the payment screen before you confirm the ride. One coupon can be used per ride and the discount is shown on your receipt.',
  },
  {
    question: 'How do I become a driver?',
    answer:
      'Join a registered transport company, install the driver app and upload your driving licence and a photo of you holding it. Our team reviews applications within 2 business days.',
  },
  {
    question: 'How does my company add a vehicle?',
    answer:
      'In the company app go to Vehicles, tap Add and upload the registration (front and back), the insurance certificate and photos of all four sides. The vehicle can take rides once approved.',
  },
  {
    question: 'Why was my application rejected?',
    answer:
      'Usually a document was unreadable, expired or did not match the details entered. Upload clear, current documents from the app and the application is reviewed again.',
  },
  {
    question: 'How do I get a receipt for my trip?',
    answer:
      'A receipt is e-mailed after every completed trip. You can also download it any time from the trip details in your history.',
  },
  {
    question: 'How do I report a safety concern?',
    answer:
      'During a ride use the SOS button to share your trip and call emergency services. After a ride, report the concern from the trip details; our safety team answers around the clock.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Go to Settings, then Privacy, then Delete account. Trip and payment records are kept as long as the law requires and are then removed.',
  },
] as const;

export const COUPONS = [
  {
    code: 'WELCOME20',
    title: 'Welcome offer',
    discount: 20,
    description: 'For the first ride of every new passenger.',
  },
  {
    code: 'RIDE10',
    title: 'Everyday saver',
    discount: 10,
    description: 'Ten percent off any Standard ride.',
  },
  {
    code: 'WEEKEND15',
    title: 'Weekend getaway',
    discount: 15,
    description: 'Valid on rides from Friday 6 pm to Sunday midnight.',
  },
  {
    code: 'AIRPORT25',
    title: 'Airport run',
    discount: 25,
    description: 'For rides to or from any airport in our cities.',
  },
  {
    code: 'ECO5',
    title: 'Go green',
    discount: 5,
    description: 'A small thank-you for choosing an Eco ride.',
  },
  {
    code: 'STUDENT12',
    title: 'Student pass',
    discount: 12,
    description: 'For passengers with a verified student e-mail address.',
  },
  {
    code: 'HOLIDAY50',
    title: 'Holiday special',
    discount: 50,
    description: 'Half price on one ride during the holiday week.',
    suspended: true,
  },
  {
    code: 'FRIEND15',
    title: 'Refer a friend',
    discount: 15,
    description: 'For both passengers once the invited friend completes a ride.',
  },
] as const;
