-- The card a payment was made with (issue #25, the student's receipt): its brand and last four
-- digits as the provider reports them once the money is in. Stripe names the brand ('visa');
-- the built-in checkout knows only the digits. Null for payments settled before this, and for
-- any method that is not a card: the receipt then says "Card" without details.
ALTER TABLE payments
  ADD COLUMN card_brand  text CHECK (length(card_brand) <= 30),
  ADD COLUMN card_last4  char(4) CHECK (card_last4 ~ '^[0-9]{4}$');
