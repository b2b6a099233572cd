/** Where Billme has offices (spec 1), as region codes; names come from the `Offices` messages. */
export const offices = ['CY', 'GB', 'ES', 'MU', 'LV', 'EE'] as const;
