/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.net.URI;
import java.util.List;

import dev.outbox.web.IdempotentRequest;
import jakarta.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code POST /orders} places an order; {@code GET /orders/{id}} shows it with its message's state.
 * {@code POST /orders/{id}/tracking} records a tracking step (202: the shipping side applies it after the commit);
 * {@code GET /orders/{id}/tracking} lists the steps the shipping side has applied, in order. Both writes require an
 * {@code Idempotency-Key} header ({@link IdempotentRequest}): a client that retries with the same key gets the first
 * answer again, never a second order or step.
 */
@RestController
@RequestMapping("/orders")
class OrderController {

    private final OrderService orders;

    OrderController(OrderService orders) {
        this.orders = orders;
    }

    @PostMapping
    @IdempotentRequest
    ResponseEntity<PlacedOrder> place(@Valid @RequestBody OrderRequest request, UriComponentsBuilder uri) {
        PlacedOrder placed = this.orders.place(request);
        URI location = uri.path("/orders/{id}").buildAndExpand(placed.orderId()).toUri();
        return ResponseEntity.created(location).body(placed);
    }

    @GetMapping("/{id}")
    OrderDetails find(@PathVariable String id) {
        return this.orders.find(id).orElseThrow(() -> new OrderNotFoundException(id));
    }

    @PostMapping("/{id}/tracking")
    @IdempotentRequest
    ResponseEntity<RecordedStep> track(@PathVariable String id, @Valid @RequestBody TrackingRequest request) {
        return ResponseEntity.accepted().body(this.orders.track(id, request.step()));
    }

    @GetMapping("/{id}/tracking")
    List<AppliedStep> tracking(@PathVariable String id) {
        return this.orders.appliedSteps(id).orElseThrow(() -> new OrderNotFoundException(id));
    }
}
