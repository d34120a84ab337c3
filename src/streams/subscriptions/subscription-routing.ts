/**
 * Dynamic subscriptions on a cluster replica (docs/cluster.md): ids that no
 * other replica gives out, and modify-, delete- and kill-subscription of a
 * subscription another replica owns run on that replica. One process has
 * none of this (its own counter, every subscription local).
 */
type Json = Record<string, unknown>;

export type RoutedOperation = 'modify-subscription' | 'delete-subscription' | 'kill-subscription';

/** An rpc call sent to the replica that owns the subscription: the input and who asked. */
export interface RoutedCall {
  readonly operation: RoutedOperation;
  readonly input: Json | undefined;
  readonly user: string | undefined;
}

export interface SubscriptionRouting {
  /** A subscription id unique across the replicas. */
  newId(): Promise<number>;
  /**
   * Runs `call` on the replica that owns subscription `id`: false when no
   * running replica owns it; rejects as the owner's handler failed
   * (RestconfFailure).
   */
  forward(id: number, call: RoutedCall): Promise<boolean>;
  /** Runs the calls other replicas forward here (`run` throws RestconfFailure to refuse). */
  serve(run: (call: RoutedCall) => void): void;
  close(): void;
}
