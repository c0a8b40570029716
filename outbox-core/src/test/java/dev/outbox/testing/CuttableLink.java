/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on the loopback address between the application's pool and a real database server,
 * which can go down as a restarting server does: {@link #cut()} closes every open connection and
 * every new one as soon as it is accepted, so the driver reads the end of the stream
 * ({@code EOFException}) wherever it is; {@link #restore()} relays again. Or it can go down as a
 * network that drops every packet does: {@link #silence()}.
 */
public final class CuttableLink implements AutoCloseable {

    private final ServerSocket listener;

    private final InetSocketAddress server;

    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    /** Connections that carry nothing more: whatever either side writes is dropped. */
    private final Set<Socket> silenced = ConcurrentHashMap.newKeySet();

    private volatile boolean cut;

    private volatile boolean silent;

    private CuttableLink(InetSocketAddress server) throws IOException {
        this.server = server;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("link-accept", this::accept).start();
    }

    /**
     * @param jdbcUrl a JDBC URL of the form {@code jdbc:<vendor>://host:port/...}
     * @return a link to the server of that URL, relaying until closed
     */
    public static CuttableLink to(String jdbcUrl) {
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        return to(uri.getHost(), uri.getPort());
    }

    /**
     * @param host the server's host
     * @param port the server's port
     * @return a link to that server, relaying until closed
     */
    public static CuttableLink to(String host, int port) {
        try {
            return new CuttableLink(new InetSocketAddress(host, port));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * @return the loopback port that clients connect to instead of the server's
     */
    public int port() {
        return this.listener.getLocalPort();
    }

    /**
     * @param jdbcUrl the server's JDBC URL
     * @return the same URL with this link's address in place of the server's
     */
    public String urlThrough(String jdbcUrl) {
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        return jdbcUrl.replaceFirst("//" + uri.getRawAuthority() + "/",
                "//" + this.listener.getInetAddress().getHostAddress() + ":" + this.listener.getLocalPort() + "/");
    }

    /** Drops every connection and refuses new ones by closing them as soon as they are accepted. */
    public void cut() {
        this.cut = true;
        this.open.forEach(CuttableLink::closeQuietly);
    }

    /**
     * Goes silent as a partitioned network or a server host that is gone: nothing is closed, but the
     * open connections carry nothing more, and new ones are accepted and never answered. These stay
     * dead after {@link #restore()}, as they do where only the client's own timeouts (or, minutes
     * later, its kernel's) tell it that the server lost them.
     */
    public void silence() {
        this.silent = true;
        this.silenced.addAll(this.open);
    }

    /** Relays new connections again. */
    public void restore() {
        this.cut = false;
        this.silent = false;
    }

    @Override
    public void close() {
        cut();
        closeQuietly(this.listener);
    }

    private void accept() {
        while (!this.listener.isClosed()) {
            Socket client;
            try {
                client = this.listener.accept();
            }
            catch (IOException ex) {
                return;
            }
            if (this.cut) {
                closeQuietly(client);
                continue;
            }
            if (this.silent) {
                this.open.add(client);
                this.silenced.add(client);
                continue;
            }
            try {
                relay(client, new Socket(this.server.getAddress(), this.server.getPort()));
            }
            catch (IOException ex) {
                // The server refused: the client sees its connection closed, as it would without the link.
                closeQuietly(client);
            }
        }
    }

    private void relay(Socket client, Socket upstream) {
        this.open.add(client);
        this.open.add(upstream);
        if (this.cut) {
            // Cut while this connection was being opened.
            closeQuietly(client);
            closeQuietly(upstream);
            return;
        }
        if (this.silent) {
            // Silenced while this connection was being opened.
            this.silenced.add(client);
            this.silenced.add(upstream);
        }
        daemon("link-up", () -> pump(client, upstream)).start();
        daemon("link-down", () -> pump(upstream, client)).start();
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (!this.silenced.contains(from)) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            }
        }
        catch (IOException ex) {
            // One side went away; closing both ends passes that on to the other side.
        }
        finally {
            closeQuietly(from);
            closeQuietly(to);
            this.open.remove(from);
            this.open.remove(to);
            this.silenced.remove(from);
            this.silenced.remove(to);
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        }
        catch (Exception ex) {
            // Already closed.
        }
    }
}
