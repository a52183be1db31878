export type TicketKind = 'customer' | 'kitchen';

/** GET/PUT /api/printing/settings. The PrintNode API key is written, never read back. */
export interface PublicPrintSettings {
  enabled: boolean;
  customerTicket: boolean;
  /** The delivery/takeaway label with the allergens, printed with the customer ticket (decision 0084). */
  allergenLabel: boolean;
  kitchenTicket: boolean;
  kitchenCopies: number;
  /** A PrintNode printer id or a LAN printer as host:port; '' for none. */
  customerPrinter: string;
  kitchenPrinter: string;
  printNodeBaseUrl: string;
  seller: { name: string; address: string[]; vatNumber: string };
  printNodeApiKeySet: boolean;
  /** The key's last 4 characters, only for keys long enough that 4 characters give little away. */
  printNodeApiKeyEnding: string | null;
  /** Ticket kinds that are wanted but would be skipped now. */
  notConfigured: TicketKind[];
}

/** PUT /api/printing/settings: any subset of the settings; an absent key keeps the stored one, '' clears it. */
export type PrintSettingsPatch = Partial<
  Omit<PublicPrintSettings, 'seller' | 'printNodeApiKeySet' | 'printNodeApiKeyEnding' | 'notConfigured'> & {
    printNodeApiKey: string;
    seller: Partial<PublicPrintSettings['seller']>;
  }
>;

/** GET /api/printing/simulated-tickets {tickets}: what the virtual printer printed, newest first. */
export interface SimulatedTicket {
  id: number;
  printer: string;
  idempotencyKey: string | null;
  title: string;
  text: string;
  receivedAt: string;
}

export interface SimulatedTicketList {
  tickets: SimulatedTicket[];
}
