/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * How the broker's answer to a send becomes the outcome of the outbox's send. A real broker answers
 * {@code SEND_OK} in the delivery tests; the other statuses need a broker with synchronous flushing
 * or replication that fails, so they are given here as the results the client hands the callback.
 */
class SendResultCallbackTests {

    private static final MessageQueue QUEUE = new MessageQueue("orders", "broker-a", 2);

    @Test
    void sendOkCompletesWithTheClientsUniqueMessageId() {
        SendResultCallback callback = new SendResultCallback();

        callback.onSuccess(new SendResult(SendStatus.SEND_OK, "unique-id", "offset-id", QUEUE, 7));

        assertThat(callback.brokerMessageId()).isCompletedWithValue("unique-id");
    }

    @ParameterizedTest
    @EnumSource(value = SendStatus.class, names = "SEND_OK", mode = EnumSource.Mode.EXCLUDE)
    void everyOtherStatusFailsNamingTheStatusAndWhatItMeans(SendStatus status) {
        SendResultCallback callback = new SendResultCallback();

        callback.onSuccess(new SendResult(status, "unique-id", "offset-id", QUEUE, 7));

        assertThat(catchThrowable(() -> callback.brokerMessageId().join())).cause()
                .isInstanceOf(RocketMqDeliveryException.class)
                .hasMessageStartingWith("not confirmed by the broker: " + status + " (the broker ")
                .hasMessageContaining("message id unique-id").hasMessageContaining("brokerName=broker-a")
                .hasMessageContaining("queueId=2");
    }

    @Test
    void aClientErrorFailsWithThatError() {
        SendResultCallback callback = new SendResultCallback();
        RemotingConnectException error = new RemotingConnectException("127.0.0.1:9");

        callback.onException(error);

        assertThat(catchThrowable(() -> callback.brokerMessageId().join())).cause().isSameAs(error);
    }
}
