/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consolesecurity;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;

/**
 * Pages of another site (another origin: the same host, another port) that try to change a message with the
 * operator's cookies, as a hostile page would: the two requests a browser sends to another origin without asking it
 * first (no CORS preflight), a form that submits itself and a bodiless {@code no-cors} fetch.
 */
final class CrossSitePages implements AutoCloseable {

    private final HttpServer server;

    private CrossSitePages(HttpServer server) {
        this.server = server;
    }

    /**
     * @param target the URL the pages post to, on the application
     * @return the pages, served on a free port
     */
    static CrossSitePages posting(String target) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        serve(server, "/form", "<form method='post' action='" + target + "'><input name='to' value='fallback'>"
                + "</form><script>document.forms[0].submit()</script>");
        serve(server, "/fetch", "<script>fetch('" + target + "', {method: 'POST', mode: 'no-cors', credentials: "
                + "'include'}).then(() => document.title = 'answered', () => document.title = 'failed')</script>");
        server.start();
        return new CrossSitePages(server);
    }

    private static void serve(HttpServer server, String path, String body) {
        byte[] page = ("<!DOCTYPE html><html><head><title>elsewhere</title></head><body>" + body + "</body></html>")
                .getBytes(StandardCharsets.UTF_8);
        server.createContext(path, exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
    }

    /**
     * @param page {@code /form} or {@code /fetch}
     * @return the page's URL
     */
    String url(String page) {
        return "http://127.0.0.1:" + this.server.getAddress().getPort() + page;
    }

    @Override
    public void close() {
        this.server.stop(0);
    }
}
