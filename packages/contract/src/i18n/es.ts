/**
 * Spanish text of every message the API answers and every validation message
 * of the contract, keyed by the exact English text.
 *
 * A key with `{name}` placeholders is a template: it matches a message built
 * from it (`'Please wait {seconds} seconds…'` matches `'Please wait 42
 * seconds…'`), and each value it captured is itself looked up here before it
 * is put back, so `'12 minutes'` inside a message becomes `'12 minutos'`.
 *
 * Tests (i18n.test.ts here, language.test.ts in the API) fail when a message
 * constant, a zod message of the contract or a message of an API module has
 * no entry.
 */
export const ES_MESSAGES: Readonly<Record<string, string>> = {
  // ------------------------------------------------------------ envelope, paging
  'Must be a whole number.': 'Debe ser un número entero.',
  'Must be a positive number.': 'Debe ser un número positivo.',
  'Is out of range.': 'Está fuera de rango.',
  'Page must be a whole number.': 'La página debe ser un número entero.',
  'Page must be 1 or more.': 'La página debe ser 1 o mayor.',
  'Page is out of range.': 'La página está fuera de rango.',
  'per_page must be a whole number.': 'per_page debe ser un número entero.',
  'per_page must be 1 or more.': 'per_page debe ser 1 o mayor.',
  'per_page must be at most {max}.': 'per_page debe ser como máximo {max}.',
  'Search must be at most 100 characters.': 'La búsqueda puede tener como máximo 100 caracteres.',
  'Search must be one line of text, without control characters.':
    'La búsqueda debe ser una sola línea de texto, sin caracteres de control.',

  // ------------------------------------------------------------ sort and filters of the lists
  'sort must be one of {fields}, or one of them after - for descending order.':
    'sort debe ser uno de {fields}, o uno de ellos precedido de - para el orden descendente.',
  '{field} must be a date written YYYY-MM-DD, such as 2025-01-31.':
    '{field} debe ser una fecha escrita AAAA-MM-DD, como 2025-01-31.',
  'tz must be an IANA time zone name, such as Europe/Madrid.':
    'tz debe ser el nombre de una zona horaria IANA, como Europe/Madrid.',
  'to must be on or after from.': 'to debe ser igual o posterior a from.',
  '{field} must be an amount in dollars, such as 12.50.':
    '{field} debe ser un importe en dólares, como 12.50.',
  'max_amount must be at least min_amount.': 'max_amount debe ser al menos min_amount.',
  'Passengers have no approval: leave approval out.':
    'Los pasajeros no tienen aprobación: quita approval.',
  'ride_status must be one or more of {statuses}, separated by commas.':
    'ride_status debe ser uno o varios de {statuses}, separados por comas.',
  'payment_method must be at most 50 characters.':
    'payment_method puede tener como máximo 50 caracteres.',
  'Lookups fetched successfully.': 'Valores de los filtros obtenidos correctamente.',

  // ------------------------------------------------------------ sign-in (SPEC 5)
  'Please provide a email.': 'Introduce un correo electrónico.',
  'Please enter valid email.': 'Introduce un correo electrónico válido.',
  'Please enter a password.': 'Introduce una contraseña.',
  'Password is too long.': 'La contraseña es demasiado larga.',
  'user_type must be Admin.': 'user_type debe ser Admin.',
  'device_token is too long.': 'device_token es demasiado largo.',
  'device_type must be Web.': 'device_type debe ser Web.',
  'Login successfully.': 'Sesión iniciada correctamente.',
  'Invalid email or password.': 'Correo electrónico o contraseña incorrectos.',
  'Logout successfully.': 'Sesión cerrada correctamente.',
  'Unauthenticated.': 'No has iniciado sesión.',
  'Too many attempts. Please try again later.':
    'Demasiados intentos. Vuelve a intentarlo más tarde.',
  'Profile fetched successfully.': 'Perfil obtenido correctamente.',

  // ------------------------------------------------------------ account recovery, profile
  'Please enter your valid email ID.': 'Introduce un correo electrónico válido.',
  'Please enter a valid OTP': 'Introduce un código válido',
  'If this e-mail address belongs to an administrator, a code has been sent to it.':
    'Si este correo electrónico pertenece a un administrador, se le ha enviado un código.',
  'The code is not correct.': 'El código no es correcto.',
  'This code has expired or was already used. Please ask for a new one.':
    'Este código ha caducado o ya se ha usado. Pide uno nuevo.',
  'The code is verified. Please choose a new password.':
    'El código se ha verificado. Elige una nueva contraseña.',
  'Too many codes were asked for this e-mail address. Please try again later.':
    'Se han pedido demasiados códigos para este correo electrónico. Vuelve a intentarlo más tarde.',
  'Please wait {seconds} seconds before asking for a new code.':
    'Espera {seconds} segundos antes de pedir un código nuevo.',
  'Wrong codes were entered for this e-mail address. Please wait {wait} before asking for a new code.':
    'Se introdujeron códigos incorrectos para este correo electrónico. Espera {wait} antes de pedir un código nuevo.',
  'Too many wrong codes. Please try again in {wait}.':
    'Demasiados códigos incorrectos. Vuelve a intentarlo dentro de {wait}.',
  'Please verify the code sent to your e-mail first.':
    'Primero verifica el código que se envió a tu correo electrónico.',
  'This password reset has expired or was already used. Please start again.':
    'Este restablecimiento de contraseña ha caducado o ya se ha usado. Empieza de nuevo.',
  'Your password has been changed. Please sign in with it.':
    'Tu contraseña se ha cambiado. Inicia sesión con ella.',
  'Please enter new password.': 'Introduce la nueva contraseña.',
  'Password should be at least 8 characters.': 'La contraseña debe tener al menos 8 caracteres.',
  'The password must be at least {min} characters.':
    'La contraseña debe tener al menos {min} caracteres.',
  'The password must be at most {max} characters.':
    'La contraseña puede tener como máximo {max} caracteres.',
  'Please confirm your password.': 'Confirma tu contraseña.',
  'New password and Confirm password does not matched!':
    '¡La nueva contraseña y la confirmación no coinciden!',
  'Please enter old password': 'Introduce la contraseña actual',
  'Please enter new password': 'Introduce la nueva contraseña',
  'Please enter the password at least 8 characters.':
    'Introduce una contraseña de al menos 8 caracteres.',
  'Please enter confirm password': 'Introduce la confirmación de la contraseña',
  'The current password is not correct.': 'La contraseña actual no es correcta.',
  'Your password has been changed. Please sign in again.':
    'Tu contraseña se ha cambiado. Vuelve a iniciar sesión.',
  'This password is too common. Please choose a less predictable one.':
    'Esta contraseña es demasiado común. Elige una menos previsible.',
  'Please enter your full name.': 'Introduce tu nombre completo.',
  'Full name is too long.': 'El nombre completo es demasiado largo.',
  'Please enter your email.': 'Introduce tu correo electrónico.',
  'The e-mail address cannot be changed.': 'El correo electrónico no se puede cambiar.',
  'Please enter your mobile number.': 'Introduce tu número de móvil.',
  'Please enter valid 10 digit mobile number ':
    'Introduce un número de móvil válido de 10 dígitos ',
  'Profile updated successfully.': 'Perfil actualizado correctamente.',
  'Too many failed sign-in attempts. Please try again in {wait}.':
    'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de {wait}.',
  'Too many wrong passwords. Please try again in {wait}.':
    'Demasiadas contraseñas incorrectas. Vuelve a intentarlo dentro de {wait}.',
  'The form data could not be read.': 'No se pudieron leer los datos del formulario.',
  'Files are not accepted here.': 'Aquí no se admiten archivos.',
  // waitText(): the `{wait}` of the messages above.
  '1 second': '1 segundo',
  '{count} seconds': '{count} segundos',
  '1 minute': '1 minuto',
  '{count} minutes': '{count} minutos',
  '{count} hours': '{count} horas',
  '{count} days': '{count} días',

  // ------------------------------------------------------------ directory, records
  'user_type must be User, Company or Driver.': 'user_type debe ser User, Company o Driver.',
  'status must be Active or Inactive.': 'status debe ser Active o Inactive.',
  'approval must be Pending, Approved or Rejected.':
    'approval debe ser Pending, Approved o Rejected.',
  'approval must be Approved or Rejected.': 'approval debe ser Approved o Rejected.',
  'table must be users.': 'table debe ser users.',
  'table must be users or vehicles.': 'table debe ser users o vehicles.',
  'table must be users, vehicles, supports or coupons.':
    'table debe ser users, vehicles, supports o coupons.',
  'Users fetched successfully.': 'Usuarios obtenidos correctamente.',
  'User fetched successfully.': 'Usuario obtenido correctamente.',
  'Drivers fetched successfully.': 'Conductores obtenidos correctamente.',
  'Vehicles fetched successfully.': 'Vehículos obtenidos correctamente.',
  'Vehicle fetched successfully.': 'Vehículo obtenido correctamente.',
  'Rides fetched successfully.': 'Viajes obtenidos correctamente.',
  'Status updated successfully.': 'Estado actualizado correctamente.',
  'Approval updated successfully.': 'Aprobación actualizada correctamente.',
  'Deleted successfully.': 'Eliminado correctamente.',
  'User not found.': 'No se encontró el usuario.',
  'Company not found.': 'No se encontró la empresa.',
  'Driver not found.': 'No se encontró el conductor.',
  'Vehicle not found.': 'No se encontró el vehículo.',
  'Record not found.': 'No se encontró el registro.',
  'Only a Pending record can be approved or rejected.':
    'Solo se puede aprobar o rechazar un registro pendiente.',
  'Only a Pending record can be approved or rejected. This one is already {approval}.':
    'Solo se puede aprobar o rechazar un registro pendiente. Este ya está {approval}.',
  'A company can be activated or deactivated only once Approved.':
    'Una empresa solo se puede activar o desactivar una vez aprobada.',
  // Values put into the messages above and below ("This one is already Approved.").
  Pending: 'pendiente',
  Approved: 'aprobado',
  Rejected: 'rechazado',
  Accepted: 'aceptado',
  Start: 'iniciado',
  End: 'finalizado',
  Completed: 'completado',
  Cancelled: 'cancelado',

  // ------------------------------------------------------------ trips
  'Trip fetched successfully.': 'Viaje obtenido correctamente.',
  'Timeline fetched successfully.': 'Cronología obtenida correctamente.',
  'Trip not found.': 'No se encontró el viaje.',
  'Trip cancelled successfully.': 'Viaje cancelado correctamente.',
  'Please enter a reason.': 'Introduce un motivo.',
  'The reason may be at most {max} characters.':
    'El motivo puede tener como máximo {max} caracteres.',
  'Only a Pending or Accepted trip can be cancelled. This one is {status}.':
    'Solo se puede cancelar un viaje pendiente o aceptado. Este está {status}.',
  // The usual reasons a desk cancels a trip (RIDE_CANCEL_REASONS), stored in English.
  'Passenger no-show': 'El pasajero no se presentó',
  'Duplicate booking': 'Reserva duplicada',
  'Requested by the passenger': 'A petición del pasajero',
  'Driver unavailable': 'Conductor no disponible',
  'Fraud suspected': 'Sospecha de fraude',

  // ------------------------------------------------------------ review desk
  'kind must be company, driver or vehicle.': 'kind debe ser company, driver o vehicle.',
  'Review queue fetched successfully.': 'Cola de revisión obtenida correctamente.',
  'Decision undone.': 'Decisión deshecha.',
  'Only your own decision of the last {seconds} seconds can be undone.':
    'Solo se puede deshacer una decisión propia de los últimos {seconds} segundos.',
  'expires_on must be a date (YYYY-MM-DD).': 'expires_on debe ser una fecha (AAAA-MM-DD).',
  'document must be business_licence, driver_licence, registration or insurance.':
    'document debe ser business_licence, driver_licence, registration o insurance.',
  'within_days must be a whole number from 0 to 366.':
    'within_days debe ser un número entero de 0 a 366.',
  'Document updated successfully.': 'Documento actualizado correctamente.',
  'Documents fetched successfully.': 'Documentos obtenidos correctamente.',
  'This record has no document of that kind.': 'Este registro no tiene un documento de ese tipo.',
  'table must be users, vehicles or rides.': 'table debe ser users, vehicles o rides.',
  'Please enter a note.': 'Introduce una nota.',
  'A note may be at most {max} characters.': 'Una nota puede tener como máximo {max} caracteres.',
  'Note added successfully.': 'Nota añadida correctamente.',
  'Notes fetched successfully.': 'Notas obtenidas correctamente.',
  'History fetched successfully.': 'Historial obtenido correctamente.',

  // ------------------------------------------------------------ FAQ, coupons
  'Please enter your question.': 'Introduce tu pregunta.',
  'Please enter your description.': 'Introduce tu descripción.',
  'The question may be at most 500 characters.':
    'La pregunta puede tener como máximo 500 caracteres.',
  'The description may be at most 5000 characters.':
    'La descripción puede tener como máximo 5000 caracteres.',
  'The description may be at most 1000 characters.':
    'La descripción puede tener como máximo 1000 caracteres.',
  'Please enter title.': 'Introduce el título.',
  'The title may be at most 100 characters.': 'El título puede tener como máximo 100 caracteres.',
  'Please enter coupon code.': 'Introduce el código del cupón.',
  'The coupon code may be at most 30 characters.':
    'El código del cupón puede tener como máximo 30 caracteres.',
  'The coupon code may contain only letters and digits.':
    'El código del cupón solo puede contener letras y dígitos.',
  'Please enter percentage.': 'Introduce el porcentaje.',
  'The percentage must be a whole number from 1 to 100.':
    'El porcentaje debe ser un número entero del 1 al 100.',
  'suspend_status must be 0 or 1.': 'suspend_status debe ser 0 o 1.',
  'FAQ list fetched successfully.': 'Lista de preguntas frecuentes obtenida correctamente.',
  'FAQ added successfully.': 'Pregunta frecuente añadida correctamente.',
  'FAQ updated successfully.': 'Pregunta frecuente actualizada correctamente.',
  'FAQ not found.': 'No se encontró la pregunta frecuente.',
  'Coupon list fetched successfully.': 'Lista de cupones obtenida correctamente.',
  'Coupon added successfully.': 'Cupón añadido correctamente.',
  'Coupon status updated successfully.': 'Estado del cupón actualizado correctamente.',
  'Coupon updated successfully.': 'Cupón actualizado correctamente.',
  'Coupon not found.': 'No se encontró el cupón.',
  'This coupon code already exists.': 'Este código de cupón ya existe.',

  // ------------------------------------------------------------ money (issue 48)
  'Commission rules fetched successfully.': 'Reglas de comisión obtenidas correctamente.',
  'Commission rule saved successfully.': 'Regla de comisión guardada correctamente.',
  'A rule for this service type and company already starts on this day.':
    'Ya hay una regla para este tipo de servicio y esta empresa que empieza este día.',
  'Trip split fetched successfully.': 'Reparto del viaje obtenido correctamente.',
  'This trip has no split yet: a trip is split when it completes.':
    'Este viaje aún no tiene reparto: un viaje se reparte cuando se completa.',
  'Balance fetched successfully.': 'Saldo obtenido correctamente.',
  'No such company or driver.': 'No existe esa empresa o ese conductor.',
  'Please choose a service type.': 'Elija un tipo de servicio.',
  'No such service type.': 'No existe ese tipo de servicio.',
  'No such company.': 'No existe esa empresa.',
  'The percent must be a number from 0 to 100 with at most two decimals.':
    'El porcentaje debe ser un número de 0 a 100 con dos decimales como máximo.',
  'The company percent must be a number from 0 to 100 with at most two decimals.':
    'El porcentaje de la empresa debe ser un número de 0 a 100 con dos decimales como máximo.',
  'The percent and the company percent together may be at most 100.':
    'El porcentaje y el porcentaje de la empresa juntos pueden sumar como máximo 100.',
  'from must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'from debe ser una fecha escrita AAAA-MM-DD, como 2025-01-31.',
  'to must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'to debe ser una fecha escrita AAAA-MM-DD, como 2025-01-31.',
  'Send company_id or driver_id, not both.': 'Envíe company_id o driver_id, no ambos.',
  'Send company_id or driver_id.': 'Envíe company_id o driver_id.',
  'Statement fetched successfully.': 'Extracto obtenido correctamente.',
  'Please choose the first day (from), written YYYY-MM-DD.':
    'Elija el primer día (from), escrito AAAA-MM-DD.',
  'Please choose the last day (to), written YYYY-MM-DD.':
    'Elija el último día (to), escrito AAAA-MM-DD.',
  'A statement covers at most 366 days: choose a shorter period.':
    'Un extracto abarca como máximo 366 días: elija un periodo más corto.',
  'coupon_discount may be at most amount.': 'coupon_discount puede ser como máximo amount.',
  // refunds, adjustments, their approval, Finance's dashboard
  'Refund approved.': 'Reembolso aprobado.',
  'Refund recorded. It waits for a second administrator to approve it.':
    'Reembolso registrado. Espera a que un segundo administrador lo apruebe.',
  'Adjustment approved.': 'Ajuste aprobado.',
  'Adjustment recorded. It waits for a second administrator to approve it.':
    'Ajuste registrado. Espera a que un segundo administrador lo apruebe.',
  'Approved.': 'Aprobado.',
  'Refunds and adjustments fetched successfully.': 'Reembolsos y ajustes obtenidos correctamente.',
  'Money settings fetched successfully.': 'Ajustes de dinero obtenidos correctamente.',
  'Money settings saved.': 'Ajustes de dinero guardados.',
  'Finance dashboard fetched successfully.': 'Panel de finanzas obtenido correctamente.',
  'Enter an amount above 0 with at most two decimals, such as 12.50.':
    'Introduzca un importe mayor que 0 con dos decimales como máximo, como 12.50.',
  'Enter an amount other than 0 with at most two decimals, such as 12.50 or -12.50.':
    'Introduzca un importe distinto de 0 con dos decimales como máximo, como 12.50 o -12.50.',
  'Enter an amount of 0 or more with at most two decimals, such as 100.00.':
    'Introduzca un importe de 0 o más con dos decimales como máximo, como 100.00.',
  'The reason may be at most 500 characters.': 'El motivo puede tener como máximo 500 caracteres.',
  'Only a completed trip can be refunded.': 'Solo se puede reembolsar un viaje completado.',
  'The trip’s refunds may not exceed what the passenger paid ({paid}).':
    'Los reembolsos del viaje no pueden superar lo que pagó el pasajero ({paid}).',
  'Refund or adjustment not found.': 'Reembolso o ajuste no encontrado.',
  'This has already been approved.': 'Esto ya se ha aprobado.',
  'You made this request: another Owner or Finance administrator must approve it.':
    'Usted hizo esta solicitud: debe aprobarla otro administrador Propietario o de Finanzas.',
  'Rejected.': 'Rechazado.',
  'Withdrawn.': 'Retirado.',
  'This has already been rejected.': 'Esto ya se ha rechazado.',
  'This has already been withdrawn.': 'Esto ya se ha retirado.',
  'You made this request: withdraw it, or another Owner or Finance administrator may reject it.':
    'Usted hizo esta solicitud: retírela, o puede rechazarla otro administrador Propietario o de Finanzas.',
  'Only the administrator who made this request can withdraw it.':
    'Solo el administrador que hizo esta solicitud puede retirarla.',
  'status must be pending, approved, rejected or withdrawn.':
    'status debe ser pending, approved, rejected o withdrawn.',
  'kind must be refund or adjustment.': 'kind debe ser refund o adjustment.',

  // ------------------------------------------------------------ payouts (issue 48)
  'Bank details saved successfully.': 'Datos bancarios guardados correctamente.',
  'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.':
    'Introduce un IBAN válido, como DE89 3704 0044 0532 0130 00.',
  'Enter a valid BIC of 8 or 11 characters, such as COBADEFFXXX.':
    'Introduce un BIC válido de 8 u 11 caracteres, como COBADEFFXXX.',
  'The BIC’s country must be the IBAN’s.': 'El país del BIC debe ser el del IBAN.',
  'Enter the account holder’s name, at most 70 characters.':
    'Introduce el nombre del titular de la cuenta, de 70 caracteres como máximo.',
  'Send iban, bic and account_holder together.': 'Envía iban, bic y account_holder juntos.',
  'Bank details are for a driver or a company only.':
    'Los datos bancarios son solo para un conductor o una empresa.',
  'No such driver or company.': 'No existe ese conductor o empresa.',
  'period_end must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'period_end debe ser una fecha escrita AAAA-MM-DD, como 2025-01-31.',
  'The period cannot end after today.': 'El período no puede terminar después de hoy.',
  'The period must end on or after the last batch’s, {day}.':
    'El período debe terminar el mismo día que el del último lote, {day}, o después.',
  'Another administrator drafted a batch at the same moment: open the list and try again.':
    'Otro administrador preparó un lote en el mismo momento: abre la lista y vuelve a intentarlo.',
  'Payout batch drafted successfully.': 'Borrador del lote de pagos creado correctamente.',
  'Payout batches fetched successfully.': 'Lotes de pagos obtenidos correctamente.',
  'Payout batch fetched successfully.': 'Lote de pagos obtenido correctamente.',
  'Payout batch approved successfully.': 'Lote de pagos aprobado correctamente.',
  'Payout batch marked successfully.': 'Lote de pagos marcado correctamente.',
  'Payout batch not found.': 'No se encontró el lote de pagos.',
  'You drafted this batch: a second administrator must approve it.':
    'Tú preparaste este lote: debe aprobarlo otro administrador.',
  'Only a draft batch can be approved.': 'Solo se puede aprobar un lote en borrador.',
  'This batch pays no one: there is nothing to approve.':
    'Este lote no paga a nadie: no hay nada que aprobar.',
  'Balances changed since this batch was drafted: draft it again.':
    'Los saldos cambiaron desde que se preparó este lote: vuelve a prepararlo.',
  'Only an approved batch can be exported or marked.':
    'Solo se puede exportar o marcar un lote aprobado.',
  'Enter the bank’s reference of the payment.': 'Introduce la referencia bancaria del pago.',
  'The reference may be at most 140 characters of one line.':
    'La referencia puede tener como máximo 140 caracteres en una sola línea.',
  'status must be paid or failed.': 'status debe ser paid o failed.',
  'format must be csv or pain001.': 'format debe ser csv o pain001.',
  // ------------------------------------------------------------ dashboard, sales
  'Dashboard fetched successfully.': 'Panel obtenido correctamente.',
  'Dashboard trends fetched successfully.': 'Tendencias del panel obtenidas correctamente.',
  'Transactions fetched successfully.': 'Transacciones obtenidas correctamente.',

  // ------------------------------------------------------------ notifications
  'Notifications fetched successfully.': 'Notificaciones obtenidas correctamente.',
  'Notification marked as read.': 'Notificación marcada como leída.',
  'All notifications marked as read.': 'Todas las notificaciones se marcaron como leídas.',
  'Notification not found.': 'No se encontró la notificación.',
  'Send notification_id, or all: true to mark every notification read.':
    'Envía notification_id, o all: true para marcar todas las notificaciones como leídas.',
  'Notification stream ticket issued.': 'Ticket del canal de notificaciones emitido.',
  'The notification stream ticket is invalid, used or expired.':
    'El ticket del canal de notificaciones no es válido, ya se usó o ha caducado.',
  'notification_id must be a whole number.': 'notification_id debe ser un número entero.',
  'after must be a whole number.': 'after debe ser un número entero.',
  'after is out of range.': 'after está fuera de rango.',
  'all must be true or false.': 'all debe ser true o false.',
  'Push public key.': 'Clave pública de notificaciones push.',

  // ------------------------------------------------------------ roles and the team (issue 20)
  'Your role ({role}) does not allow this.': 'Tu rol ({role}) no permite hacer esto.',
  'role must be Owner, Operator, Support or Finance.':
    'role debe ser Owner, Operator, Support o Finance.',
  'Enter the code from your authenticator app.':
    'Introduce el código de tu aplicación de autenticación.',
  'This sign-in has expired. Please sign in again.':
    'Este inicio de sesión ha caducado. Vuelve a iniciar sesión.',
  'Please enter the code from your authenticator app.':
    'Introduce el código de tu aplicación de autenticación.',
  'Scan the code with your authenticator app, then enter a code it shows.':
    'Escanea el código con tu aplicación de autenticación e introduce un código que muestre.',
  'Two-factor sign-in is on. Keep your recovery codes somewhere safe.':
    'El inicio de sesión en dos pasos está activado. Guarda tus códigos de recuperación en un lugar seguro.',
  'Please enter the 6-digit code from your authenticator app.':
    'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
  'Please scan a new code first.': 'Primero escanea un código nuevo.',
  'Two-factor sign-in is required: please set it up first.':
    'El inicio de sesión en dos pasos es obligatorio: configúralo primero.',
  'Please enter a code from your authenticator app or a recovery code.':
    'Introduce un código de tu aplicación de autenticación o un código de recuperación.',
  'Confirmed. You may change your two-factor sign-in for the next 5 minutes.':
    'Confirmado. Puedes cambiar tu inicio de sesión en dos pasos durante los próximos 5 minutos.',
  'Please confirm it is you: enter your password and a code from your authenticator app.':
    'Confirma que eres tú: introduce tu contraseña y un código de tu aplicación de autenticación.',
  'Two-factor sign-in is off.': 'El inicio de sesión en dos pasos está desactivado.',
  'Two-factor sign-in is required of every administrator: set up a new authenticator instead.':
    'El inicio de sesión en dos pasos es obligatorio para todos los administradores: configura un autenticador nuevo en su lugar.',
  'Two-factor sign-in is not on.': 'El inicio de sesión en dos pasos no está activado.',
  'Here are your new recovery codes; the old ones no longer work. Keep them somewhere safe.':
    'Estos son tus nuevos códigos de recuperación; los anteriores ya no funcionan. Guárdalos en un lugar seguro.',
  'Sessions fetched successfully.': 'Sesiones obtenidas correctamente.',
  'The session has been ended.': 'La sesión se ha cerrado.',
  'Every other session has been ended.': 'Se han cerrado todas las demás sesiones.',
  'There is no such session.': 'No existe esa sesión.',
  'This is the session you are using: log out to end it.':
    'Es la sesión que estás usando: cierra sesión para terminarla.',
  'Send the id of a session or all_others.': 'Envía el id de una sesión o all_others.',
  'Administrators fetched successfully.': 'Administradores obtenidos correctamente.',
  'The invitation has been sent.': 'La invitación se ha enviado.',
  'The invitation is saved but its e-mail could not be sent. Please invite again.':
    'La invitación se ha guardado, pero no se pudo enviar su correo. Vuelve a invitar.',
  'The administrator has been updated.': 'El administrador se ha actualizado.',
  'There is no such administrator.': 'No existe ese administrador.',
  'This e-mail address already belongs to an administrator: change their role or status instead.':
    'Este correo electrónico ya pertenece a un administrador: cambia su rol o su estado.',
  'The last active Owner can be neither demoted nor deactivated.':
    'El último Propietario (Owner) activo no puede perder su rol ni ser desactivado.',
  'This person has not accepted an invitation: invite them again.':
    'Esta persona no ha aceptado ninguna invitación: vuelve a invitarla.',
  'Send a role or a status.': 'Envía un rol o un estado.',
  'This invitation has expired or was already used. Please ask for a new one.':
    'Esta invitación ha caducado o ya se usó. Pide una nueva.',
  'Welcome to Cabdesk. You are signed in.':
    'Te damos la bienvenida a Cabdesk. Ya has iniciado sesión.',
  'Please enter a valid e-mail address.': 'Introduce un correo electrónico válido.',
  'Two-factor sign-in is now required of every administrator.':
    'El inicio de sesión en dos pasos es ahora obligatorio para todos los administradores.',
  'Two-factor sign-in is now optional.': 'El inicio de sesión en dos pasos es ahora opcional.',
  'Turn on two-factor sign-in for yourself first.':
    'Primero activa el inicio de sesión en dos pasos para ti.',
  'Two-factor sign-in has been turned off for this administrator.':
    'Se ha desactivado el inicio de sesión en dos pasos de este administrador.',
  'required must be true or false.': 'required debe ser true o false.',
  'Audit log fetched successfully.': 'Registro de auditoría obtenido correctamente.',
  'Use a date (2025-01-31) or a date and time (2025-01-31T09:00:00Z).':
    'Usa una fecha (2025-01-31) o una fecha y hora (2025-01-31T09:00:00Z).',
  'action must be at most 64 characters.': 'action puede tener como máximo 64 caracteres.',
  'table must be at most 64 characters.': 'table puede tener como máximo 64 caracteres.',

  // ------------------------------------------------------------ export, bulk actions, views, lookup (issue 21)
  'format must be csv.': 'format debe ser csv.',
  'action must be approve, reject, activate or deactivate.':
    'action debe ser approve, reject, activate o deactivate.',
  'Send either ids or filter, not both.': 'Envía ids o filter, no ambos.',
  'Select at least one record.': 'Selecciona al menos un registro.',
  'Select at most {max} records at once.': 'Selecciona como máximo {max} registros a la vez.',
  'Vehicles can only be approved or rejected.': 'Los vehículos solo se pueden aprobar o rechazar.',
  'The filter selects {count} records; at most {max} can be changed at once. Narrow it.':
    'El filtro selecciona {count} registros; como máximo se pueden cambiar {max} a la vez. Acótalo.',
  'It is already in that status.': 'Ya está en ese estado.',
  'Passengers are not approved or rejected.': 'Los pasajeros no se aprueban ni se rechazan.',
  '{done} changed, {skipped} already so, {failed} failed.':
    '{done} cambiados, {skipped} ya lo estaban, {failed} con error.',
  'list must be one of {lists}.': 'list debe ser uno de {lists}.',
  'Please enter a name for the view.': 'Introduce un nombre para la vista.',
  'The name may be at most {max} characters.':
    'El nombre puede tener como máximo {max} caracteres.',
  "The view's query may be at most {max} characters.":
    'La consulta de la vista puede tener como máximo {max} caracteres.',
  'Saved views fetched successfully.': 'Vistas guardadas obtenidas correctamente.',
  'View saved.': 'Vista guardada.',
  'View deleted.': 'Vista eliminada.',
  'View not found.': 'Vista no encontrada.',
  'You can keep at most 50 views of one list: delete one first.':
    'Puedes guardar como máximo 50 vistas de una lista: elimina una primero.',
  'q must be 2 to 100 characters.': 'q debe tener entre 2 y 100 caracteres.',
  'Lookup done.': 'Búsqueda hecha.',

  // ------------------------------------------------------------ CSV export: column headers
  'Trip ID': 'ID del viaje',
  'Trip date': 'Fecha del viaje',
  Passenger: 'Pasajero',
  'Passenger phone': 'Teléfono del pasajero',
  'Passenger email': 'Correo del pasajero',
  Driver: 'Conductor',
  'Driver phone': 'Teléfono del conductor',
  Company: 'Empresa',
  'Pick up': 'Recogida',
  'Drop off': 'Destino',
  Price: 'Precio',
  'Service type': 'Tipo de servicio',
  'Vehicle type': 'Tipo de vehículo',
  'License plate': 'Matrícula',
  Status: 'Estado',
  ID: 'ID',
  Role: 'Rol',
  Name: 'Nombre',
  'Company name': 'Nombre de la empresa',
  Phone: 'Teléfono',
  Email: 'Correo electrónico',
  'Registration date': 'Fecha de registro',
  Approval: 'Aprobación',
  'Total vehicles': 'Total de vehículos',
  'Total drivers': 'Total de conductores',
  Trips: 'Viajes',
  Brand: 'Marca',
  Model: 'Modelo',
  Color: 'Color',
  'Available seats': 'Asientos disponibles',
  'Transaction ID': 'ID de transacción',
  Date: 'Fecha',
  Amount: 'Importe',
  'Payment Method': 'Método de pago',
  Reference: 'Referencia',
  Gross: 'Importe bruto',
  Coupon: 'Cupón',
  Commission: 'Comisión',
  Share: 'Parte',
  'Cash collected': 'Efectivo cobrado',
  Time: 'Hora',
  Administrator: 'Administrador',
  Action: 'Acción',
  Record: 'Registro',
  'Record ID': 'ID del registro',
  Before: 'Antes',
  After: 'Después',
  Reason: 'Motivo',
  'IP address': 'Dirección IP',
  Question: 'Pregunta',
  Answer: 'Respuesta',
  Created: 'Creado',
  Updated: 'Actualizado',
  Title: 'Título',
  'Coupon code': 'Código de cupón',
  'Discount (%)': 'Descuento (%)',
  Description: 'Descripción',
  Suspended: 'Suspendido',
  Kind: 'Tipo',
  Submitted: 'Enviado',
  Document: 'Documento',
  'Expires on': 'Caduca el',
  'Days left': 'Días restantes',
  'Two-factor sign-in': 'Inicio de sesión en dos pasos',
  'Last sign-in': 'Último inicio de sesión',
  Yes: 'Sí',
  No: 'No',

  // ------------------------------------------------------------ errors of any call
  'This value is not valid.': 'Este valor no es válido.',
  'The request is not valid.': 'La solicitud no es válida.',
  'The request body is not valid JSON.': 'El cuerpo de la solicitud no es un JSON válido.',
  'The request content type is not supported.':
    'El tipo de contenido de la solicitud no es compatible.',
  'The request body is too large.': 'El cuerpo de la solicitud es demasiado grande.',
  'The request URL is not valid.': 'La URL de la solicitud no es válida.',
  'Bad request.': 'Solicitud incorrecta.',
  'This link to a file is not valid or has expired.':
    'Este enlace a un archivo no es válido o ha caducado.',
  'A value in the request is out of range or not valid.':
    'Un valor de la solicitud está fuera de rango o no es válido.',
  'The text contains a character that is not allowed.':
    'El texto contiene un carácter que no está permitido.',
  'Route {method} {path} not found.': 'No existe la ruta {method} {path}.',
  'Internal Server Error': 'Error interno del servidor',
  'The service is temporarily unavailable. Please try again.':
    'El servicio no está disponible en este momento. Vuelve a intentarlo.',
  'The server is busy. Please try again in a few seconds.':
    'El servidor está ocupado. Vuelve a intentarlo en unos segundos.',
  // zod's own messages, for a field whose schema names none.
  'Invalid input': 'Entrada no válida',
  'Invalid input: expected {expected}, received {received}':
    'Entrada no válida: se esperaba {expected}, se recibió {received}',

  // ------------------------------------------------------------ the integration API (issue 44)
  'Integration keys fetched successfully.': 'Claves de integración obtenidas correctamente.',
  'The integration key has been created. Copy it now: it is not shown again.':
    'Se ha creado la clave de integración. Cópiala ahora: no se vuelve a mostrar.',
  'The integration key has been revoked.': 'Se ha revocado la clave de integración.',
  'There is no such integration key.': 'No existe esa clave de integración.',
  'This integration key is already revoked.': 'Esta clave de integración ya está revocada.',
  'Please enter a name for the key.': 'Introduce un nombre para la clave.',
  'The name must be at most 100 characters.': 'El nombre puede tener como máximo 100 caracteres.',
  'Please choose at least one scope.': 'Elige al menos un permiso.',
  'Each scope must be one of {scopes}.': 'Cada permiso debe ser uno de {scopes}.',
  'Send an integration key in the Authorization header: Bearer <key>.':
    'Envía una clave de integración en la cabecera Authorization: Bearer <clave>.',
  'This integration key is not valid or has been revoked.':
    'Esta clave de integración no es válida o ha sido revocada.',
  'This integration key does not have the scope {scope}, which this call needs.':
    'Esta clave de integración no tiene el permiso {scope}, que esta llamada necesita.',
  'Too many requests with this integration key. Please wait and try again.':
    'Demasiadas solicitudes con esta clave de integración. Espera y vuelve a intentarlo.',
  'This Idempotency-Key was already used with a different request. Send a new key for a new request.':
    'Esta Idempotency-Key ya se usó con otra solicitud. Envía una clave nueva para una solicitud nueva.',
  'Idempotency-Key must be 1 to 255 visible characters (letters, digits and punctuation).':
    'Idempotency-Key debe tener de 1 a 255 caracteres visibles (letras, dígitos y signos de puntuación).',
  'The person has been saved.': 'Se ha guardado la persona.',
  'The vehicle has been saved.': 'Se ha guardado el vehículo.',
  'This record was deleted in Cabdesk and cannot be changed through the integration API.':
    'Este registro se eliminó en Cabdesk y no puede cambiarse mediante la API de integración.',
  'Another account of this kind already has this e-mail address.':
    'Otra cuenta de este tipo ya tiene esta dirección de correo electrónico.',
  'There is no company with this external_id: send the company first.':
    'No hay ninguna empresa con este external_id: envía primero la empresa.',
  'This company was deleted in Cabdesk.': 'Esta empresa se eliminó en Cabdesk.',
  'There is no service type of this name.': 'No hay ningún tipo de servicio con este nombre.',
  'There is no vehicle type of this name.': 'No hay ningún tipo de vehículo con este nombre.',
  'The vehicle type {type} has {seats} seats.': 'El tipo de vehículo {type} tiene {seats} plazas.',
  'The document has been saved.': 'Se ha guardado el documento.',
  'There is no {role} with this external_id: send it first.':
    'No hay ningún {role} con este external_id: envíalo primero.',
  'The file has been imported: {accepted} rows accepted, {rejected} rejected.':
    'Se ha importado el archivo: {accepted} filas aceptadas, {rejected} rechazadas.',
  'The file has no rows to import.': 'El archivo no tiene filas que importar.',
  'import_id must be 1 to 100 visible characters, without spaces.':
    'import_id debe tener de 1 a 100 caracteres visibles, sin espacios.',
  'Send the rows as NDJSON (application/x-ndjson) or CSV (text/csv).':
    'Envía las filas como NDJSON (application/x-ndjson) o CSV (text/csv).',
  'The file is larger than {size}: split it into several imports.':
    'El archivo ocupa más de {size}: divídelo en varias importaciones.',
  'document must be one of {names}.': 'document debe ser uno de {names}.',
  'file is required: send the image as a file part of the form.':
    'file es obligatorio: envía la imagen como parte de archivo del formulario.',
  'file must be an image: {types}.': 'file debe ser una imagen: {types}.',
  'file must be at most {size} MB.': 'file puede ocupar como máximo {size} MB.',
  'owner must be people or vehicles.': 'owner debe ser people o vehicles.',
  '{document} does not expire: send expires_on only with {documents}.':
    '{document} no caduca: envía expires_on solo con {documents}.',
  '{document} is a document of {owner}, not of {sent}.':
    '{document} es un documento de {owner}, no de {sent}.',
  '{field} is required.': '{field} es obligatorio.',
  '{field} must be at most {max} characters.': '{field} puede tener como máximo {max} caracteres.',
  '{field} must be visible characters without spaces.':
    '{field} debe tener caracteres visibles sin espacios.',
  '{field} must be one line of text.': '{field} debe ser una sola línea de texto.',
  'phone is required.': 'phone es obligatorio.',
  'email must be a valid e-mail address.':
    'email debe ser una dirección de correo electrónico válida.',
  'phone must be a phone number: digits, with spaces, dashes, brackets and a leading + allowed.':
    'phone debe ser un número de teléfono: dígitos, con espacios, guiones, paréntesis y un + inicial permitidos.',
  'gender must be Male, Female or Other.': 'gender debe ser Male, Female u Other.',
  'dob must be a date written YYYY-MM-DD.': 'dob debe ser una fecha escrita AAAA-MM-DD.',
  'company_name is required for a Company.': 'company_name es obligatorio para una Company.',
  'company_external_id is for a Driver only.': 'company_external_id es solo para un Driver.',
  'seats must be a whole number.': 'seats debe ser un número entero.',
  'seats must be 1 or more.': 'seats debe ser 1 o más.',
  'seats must be at most 99.': 'seats debe ser como máximo 99.',
  'The trip event has been saved.': 'Se ha guardado el evento del viaje.',
  'The payment has been saved.': 'Se ha guardado el pago.',
  'Events fetched successfully.': 'Eventos obtenidos correctamente.',
  'There is no passenger with this external_id: send the passenger first.':
    'No hay ningún pasajero con este external_id: envía primero el pasajero.',
  'There is no driver with this external_id: send the driver first.':
    'No hay ningún conductor con este external_id: envía primero el conductor.',
  'There is no vehicle with this external_id: send the vehicle first.':
    'No hay ningún vehículo con este external_id: envía primero el vehículo.',
  'This account was deleted in Cabdesk.': 'Esta cuenta se eliminó en Cabdesk.',
  'This vehicle was deleted in Cabdesk.': 'Este vehículo se eliminó en Cabdesk.',
  'There is no trip with this external_id: send the trip first.':
    'No hay ningún viaje con este external_id: envía primero el viaje.',
  'This trip already has another payment.': 'Este viaje ya tiene otro pago.',
  'Another payment in Cabdesk already has this transaction id.':
    'Otro pago en Cabdesk ya tiene este identificador de transacción.',
  'event must be one of {events}.': 'event debe ser uno de {events}.',
  'at must be a date and time with its offset, such as 2026-11-28T09:12:00Z.':
    'at debe ser una fecha y hora con su desfase horario, como 2026-11-28T09:12:00Z.',
  'at must be a time from 2000 on and no more than a day ahead of now.':
    'at debe ser una hora desde el año 2000 y como mucho un día por delante de ahora.',
  '{missing} is required with {given}: send both or neither.':
    '{missing} es obligatorio con {given}: envíe ambos o ninguno.',
  'after must be an event id: a whole number, 0 or more.':
    'after debe ser el id de un evento: un número entero, 0 o más.',
  'limit must be a whole number from 1 to {max}.': 'limit debe ser un número entero de 1 a {max}.',
  // ------------------------------------------------------------ live operations (issue 46)
  "The trip's route has been fetched.": 'Se ha obtenido el recorrido del viaje.',
  'Alerts fetched successfully.': 'Alertas obtenidas correctamente.',
  'The positions have been received.': 'Las posiciones se han recibido.',
  'Map style fetched successfully.': 'Estilo del mapa obtenido correctamente.',
  'Driver fetched successfully.': 'Conductor obtenido correctamente.',
  'Drivers found.': 'Conductores encontrados.',
  'Trips fetched successfully.': 'Viajes obtenidos correctamente.',
  'There is no driver with this id, or they never sent a position.':
    'No hay ningún conductor con este id, o nunca envió una posición.',
  'The live map stream ticket is invalid, used or expired.':
    'El ticket del flujo del mapa en vivo no es válido, ya se usó o ha caducado.',
  'scheme must be one of {schemes}.': 'scheme debe ser uno de {schemes}.',
  'state must list some of {states}, separated by commas.':
    'state debe enumerar algunos de {states}, separados por comas.',
  'search must be text.': 'search debe ser texto.',
  'search must be at least 2 characters.': 'search debe tener al menos 2 caracteres.',
  'search must be at most 100 characters.': 'search debe tener como máximo 100 caracteres.',
  'This driver was deleted in Cabdesk.': 'Este conductor se eliminó en Cabdesk.',
  'bbox must be minLng,minLat,maxLng,maxLat in degrees, the minimums first.':
    'bbox debe ser minLng,minLat,maxLng,maxLat en grados, primero los mínimos.',
  'fixes must be a list of positions.': 'fixes debe ser una lista de posiciones.',
  'fixes must hold at least one position.': 'fixes debe contener al menos una posición.',
  'fixes must hold at most {max} positions.': 'fixes puede contener como máximo {max} posiciones.',
  'heading must be degrees from 0 to 360.': 'heading debe ser un ángulo en grados de 0 a 360.',
  'speed must be metres a second, 0 or more.': 'speed debe ser metros por segundo, 0 o más.',
  'speed must be metres a second, at most 150.':
    'speed debe ser metros por segundo, como máximo 150.',
  'state must be one of {states}.': 'state debe ser uno de {states}.',
  '{field} must be a number of degrees.': '{field} debe ser un número de grados.',
  '{field} must be from -{limit} to {limit}.': '{field} debe estar entre -{limit} y {limit}.',
  // ------------------------------------------------------------ webhooks (issue 44)
  'A test event from Cabdesk.': 'Un evento de prueba de Cabdesk.',
  'Every delivery failed for a day (last: {error}).':
    'Todas las entregas fallaron durante un día (la última: {error}).',
  'Webhooks fetched successfully.': 'Webhooks obtenidos correctamente.',
  'Webhook created. Copy its secret now: it is not shown again.':
    'Webhook creado. Copie su secreto ahora: no se volverá a mostrar.',
  'Webhook updated successfully.': 'Webhook actualizado correctamente.',
  'Webhook deleted successfully.': 'Webhook eliminado correctamente.',
  'Test event queued.': 'Evento de prueba en cola.',
  'Secret rotated. The old secret signs too for the next 24 hours.':
    'Secreto renovado. El secreto anterior también firma durante las próximas 24 horas.',
  'Webhook deliveries fetched successfully.': 'Entregas de webhook obtenidas correctamente.',
  'Deliveries queued again.': 'Entregas puestas de nuevo en cola.',
  'Webhook not found.': 'Webhook no encontrado.',
  'Enter the https:// URL of the endpoint.': 'Introduzca la URL https:// del destino.',
  'The endpoint must be a public https:// address.':
    'El destino debe ser una dirección https:// pública.',
  'Choose at least one event.': 'Elija al menos un evento.',
  'Unknown event type.': 'Tipo de evento desconocido.',
  'Send url, events or enabled.': 'Envíe url, events o enabled.',
  'None of these deliveries exists.': 'No existe ninguna de estas entregas.',
  'Delivery attempts fetched successfully.': 'Intentos de entrega obtenidos correctamente.',
  'Delivery not found.': 'Entrega no encontrada.',
  'The URL may be at most 2000 characters.': 'La URL puede tener como máximo 2000 caracteres.',
  'enabled must be true or false.': 'enabled debe ser true o false.',
  'status must be pending, delivered or failed.': 'status debe ser pending, delivered o failed.',
  'ids must be a list of delivery ids.': 'ids debe ser una lista de identificadores de entregas.',
  'Choose at least one delivery.': 'Elija al menos una entrega.',
  'At most {max} deliveries at once.': 'Como máximo {max} entregas a la vez.',

  'Notification settings fetched successfully.':
    'Preferencias de notificación obtenidas correctamente.',
  'Notification settings saved.': 'Preferencias de notificación guardadas.',
  'Each muted kind must be one of {kinds}.': 'Cada tipo silenciado debe ser uno de {kinds}.',
  'muted_kinds must be a list of kinds.': 'muted_kinds debe ser una lista de tipos.',
  'muted_kinds lists each kind at most once.': 'muted_kinds incluye cada tipo como máximo una vez.',
  'records must be up to {max} keys such as driver-12, separated by commas.':
    'records admite como máximo {max} claves como driver-12, separadas por comas.',

  'The line is not a JSON object: {"kind": ..., ...}.':
    'La línea no es un objeto JSON: {"kind": ..., ...}.',
  'The row has {cells} cells; the header has {header}.':
    'La fila tiene {cells} celdas; la cabecera tiene {header}.',
  'kind must be one of {kinds}.': 'kind debe ser uno de {kinds}.',

  // ------------------------------------------------------------ cases (issue 49)
  'A case that is {from} cannot become {to}.': 'Un caso en estado {from} no puede pasar a {to}.',
  'Another case already has this external_id with a different kind.':
    'Otro caso ya tiene este external_id con otro tipo.',
  'Case deadlines fetched successfully.': 'Plazos de los casos obtenidos correctamente.',
  'Case deadlines saved.': 'Plazos de los casos guardados.',
  'Case fetched successfully.': 'Caso obtenido correctamente.',
  'Case not found.': 'Caso no encontrado.',
  'Case updated successfully.': 'Caso actualizado correctamente.',
  'Cases fetched successfully.': 'Casos obtenidos correctamente.',
  'Choose an outcome before resolving the case.': 'Elija un resultado antes de resolver el caso.',
  'This case has no trip to refund: choose another outcome.':
    'Este caso no tiene viaje que reembolsar: elija otro resultado.',
  'Refund the trip first, then send the refund’s refund_id with the outcome refund.':
    'Reembolse primero el viaje y después envíe el refund_id del reembolso con el resultado refund.',
  'There is no refund of this case’s trip with this id.':
    'No hay ningún reembolso del viaje de este caso con este id.',
  'refund_id goes with the outcome refund.': 'refund_id va con el resultado refund.',
  'Driver rating fetched successfully.': 'Valoración del conductor obtenida correctamente.',
  'Drivers to review fetched successfully.': 'Conductores por revisar obtenidos correctamente.',
  'Please write the note.': 'Escriba la nota.',
  'Send status, assignee_id, note or outcome.': 'Envíe status, assignee_id, note u outcome.',
  'The case has been saved.': 'El caso se ha guardado.',
  'The rating has been saved.': 'La valoración se ha guardado.',
  'The time to resolve must be longer than the time to acknowledge.':
    'El plazo para resolver debe ser mayor que el plazo para atender.',
  'There is no administrator who works cases with this id.':
    'No hay ningún administrador que trabaje casos con este id.',
  'There is no passenger or driver with this external_id: send them first.':
    'No hay ningún pasajero ni conductor con este external_id: envíelo primero.',
  'This case has no driver to deactivate.': 'Este caso no tiene un conductor que desactivar.',
  'This case is closed: it cannot be changed.': 'Este caso está cerrado: no se puede cambiar.',
  'Your role ({role}) cannot deactivate a driver.':
    'Su rol ({role}) no puede desactivar a un conductor.',
  'Your role may only take a case: assign it to yourself.':
    'Su rol solo puede tomar un caso: asígneselo a usted.',
  'below must be a number of stars from 1 to 5, such as 3.5.':
    'below debe ser un número de estrellas de 1 a 5, como 3.5.',
  'by must be passenger or driver.': 'by debe ser passenger o driver.',
  'complaint_type is for a complaint only.': 'complaint_type es solo para una reclamación.',
  'complaint_type must be one of {types}.': 'complaint_type debe ser uno de {types}.',
  'kind must be sos or complaint.': 'kind debe ser sos o complaint.',
  'kind must be sos, complaint or rating.': 'kind debe ser sos, complaint o rating.',
  'last must be a whole number from 1 to 500.': 'last debe ser un número entero de 1 a 500.',
  'note must be at most 2000 characters.': 'note puede tener como máximo 2000 caracteres.',
  'note must be text.': 'note debe ser texto.',
  'note_kind must be one of {kinds}.': 'note_kind debe ser uno de {kinds}.',
  'outcome must be one of {outcomes}.': 'outcome debe ser uno de {outcomes}.',
  'stars must be a whole number from 1 to 5.': 'stars debe ser un número entero de 1 a 5.',
  'status must be one of {statuses}.': 'status debe ser uno de {statuses}.',
  'status must be open or one of {statuses}.': 'status debe ser open o uno de {statuses}.',
  'type must be one of {types}.': 'type debe ser uno de {types}.',
  '{field} must be a whole number from 1 to 10000.':
    '{field} debe ser un número entero de 1 a 10000.',
  '{field} must not be empty.': '{field} no puede estar vacío.',

  // ------------------------------------------------------------ the web client (SPEC 8)
  'Something went wrong': 'Algo salió mal',
  'Internal server Error': 'Error interno del servidor',
};
