/** A truck (tractor unit) drawn the way the Trailers tab draws a trailer: the Trucks tab's Truck column (a static file, as TrailerIcon). */
export function TruckIcon() {
  return <img src="/icons/truck.svg" alt="Truck" width={48} height={24} />;
}
