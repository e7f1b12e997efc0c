/** The admin API base path of SPEC 7. */
export const API_BASE = '/taxi-service/admin/';

/** Paths of SPEC 7, relative to API_BASE. */
export const paths = {
  login: 'login',
  logout: 'logout',
  sendOtp: 'sendOtp',
  resendOtp: 'resendOtp',
  verifyOtp: 'verifyOTP',
  newPassword: 'newPassword',
  changePassword: 'changePassword',
  getProfile: 'getProfile',
  updateProfile: 'updateProfile',
  notification: 'notification',
  dashboard: 'dashboard',
  userList: 'user-list',
  allUsers: 'all-users',
  userDetail: 'user-detail',
  rideList: 'ride-list',
  rideDetail: 'ride-detail',
  driverList: 'driver-list',
  vehicleList: 'vehicle-list',
  vehicleDetail: 'vehicle-detail',
  statusUpdate: 'status-update',
  approvalUser: 'approval-user',
  deleteData: 'delete-data',
  supportList: 'support-list',
  supportAdd: 'support-add',
  supportUpdate: 'support-update',
  couponList: 'coupon-list',
  couponAdd: 'coupon-add',
  transaction: 'transaction',
} as const;
