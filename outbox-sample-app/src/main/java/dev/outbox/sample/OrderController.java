/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.net.URI;

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
 */
@RestController
@RequestMapping("/orders")
class OrderController {

    private final OrderService orders;

    OrderController(OrderService orders) {
        this.orders = orders;
    }

    @PostMapping
    ResponseEntity<PlacedOrder> place(@Valid @RequestBody OrderRequest request, UriComponentsBuilder uri) {
        PlacedOrder placed = this.orders.place(request);
        URI location = uri.path("/orders/{id}").buildAndExpand(placed.orderId()).toUri();
        return ResponseEntity.created(location).body(placed);
    }

    @GetMapping("/{id}")
    OrderDetails find(@PathVariable String id) {
        return this.orders.find(id).orElseThrow(() -> new OrderNotFoundException(id));
    }
}
